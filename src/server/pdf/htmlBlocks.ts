/** Rich-text HTML as the plain blocks the server's PDFs typeset: headings, paragraphs, list items. */

/** One block of text: a heading, a paragraph (also a table cell) or a list item. */
export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item';
  text: string;
}

function decode(s: string): string {
  return s
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Blocks of body text from (sanitised) rich-text HTML; other markup is dropped. */
export function htmlBlocks(html: string): TextBlock[] {
  const out: TextBlock[] = [];
  for (const m of html.matchAll(/<(h[1-6]|p|li|td|th)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const text = decode(m[2]!);
    if (!text) continue;
    const tag = m[1]!.toLowerCase();
    out.push({ kind: tag.startsWith('h') && tag !== 'th' ? 'heading' : tag === 'li' ? 'item' : 'paragraph', text });
  }
  return out;
}
