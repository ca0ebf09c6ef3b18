/**
 * Rich-text HTML as plain text, for the visitor search's index and snippets: the text of every
 * element (entities decoded) with block elements and line breaks as spaces; scripts, styles and
 * templates dropped. htmlparser2 does the parsing (the same parser sanitize-html uses).
 */
import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'hr',
  'section',
  'article',
]);

/** The visible text of an HTML fragment, whitespace collapsed to single spaces. */
export function htmlToPlainText(html: string): string {
  if (!html) return '';
  const out: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping += 1;
        else if (BLOCKS.has(name)) out.push(' ');
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) out.push(' ');
      },
      ontext(text) {
        if (!skipping) out.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out.join('').replace(/\s+/g, ' ').trim();
}
