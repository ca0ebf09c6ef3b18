/** A small XML writer for OAI-PMH answers: escaped text and attributes, no characters XML 1.0 forbids. */
import { xmlEscape } from '../site/xml';

/** Characters XML 1.0 does not allow (C0 controls but tab, newline and return; U+FFFE, U+FFFF; lone surrogates). */
// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe as XML character data or an attribute value. */
export function text(value: string): string {
  return xmlEscape(value.replace(FORBIDDEN, ''));
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
