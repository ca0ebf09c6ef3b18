/**
 * A small XML writer for the scholarly records (DataCite, Crossref): elements as nested calls,
 * attributes with undefined or '' left out, text escaped and stripped of characters XML 1.0 forbids.
 * Empty optional wrappers are dropped with `optional`.
 */
import { xmlEscape } from '../site/xml';

/** Characters not allowed in XML 1.0 (C0 controls but tab, CR and LF; lone surrogates; U+FFFE/F). */
const INVALID =
  // eslint-disable-next-line no-control-regex -- these are the characters it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export type Attrs = Record<string, string | number | undefined>;
/** A child: an element's XML (from `el`), or false/null/undefined for nothing. */
export type Child = string | false | null | undefined;

/** Text safe as XML character data or an attribute value. */
export function xmlText(value: string | number): string {
  return xmlEscape(String(value).replace(INVALID, ''));
}

function attributes(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlText(v!)}"`)
    .join('');
}

/** An element with attributes and element children (already XML). */
export function el(name: string, attrs: Attrs, ...children: Child[]): string {
  const inner = children.filter((c): c is string => typeof c === 'string' && c !== '').join('');
  return inner ? `<${name}${attributes(attrs)}>${inner}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

/** An element holding text. */
export function textEl(name: string, attrs: Attrs, value: string | number): string {
  return `<${name}${attributes(attrs)}>${xmlText(value)}</${name}>`;
}

/** A wrapper element only when it has children (XSDs often refuse empty wrappers). */
export function optional(name: string, attrs: Attrs, children: Child[]): string {
  return children.some((c) => typeof c === 'string' && c !== '') ? el(name, attrs, ...children) : '';
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
