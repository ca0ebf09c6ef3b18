/** A small XML writer for OAI-PMH answers: escaped text and attributes, no characters XML 1.0 forbids. */
import { xmlEscape } from '../site/xml';

/** Whether XML 1.0 allows a code point (not C0 controls but tab, newline and return; not U+FFFE, U+FFFF or a lone surrogate). */
function allowed(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/** Text safe as XML character data or an attribute value. */
export function text(value: string): string {
  let clean = '';
  for (const char of value) if (allowed(char.codePointAt(0)!)) clean += char;
  return xmlEscape(clean);
}

/** Attributes written `name="value"`; undefined values are left out. */
export type Attributes = Record<string, string | number | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${text(String(value))}"`)
    .join('');
}

/** An element whose content is the given markup (already written). */
export function element(name: string, attrs: Attributes, ...content: string[]): string {
  const inner = content.join('');
  return inner ? `<${name}${attributes(attrs)}>${inner}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

/** An element holding text (empty values give no element at all). */
export function textElement(name: string, value: string, attrs: Attributes = {}): string {
  const clean = value.trim();
  return clean ? `<${name}${attributes(attrs)}>${text(clean)}</${name}>` : '';
}
