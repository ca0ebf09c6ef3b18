/**
 * Tables wider than a phone scroll inside the page instead of widening it: a wrapper with
 * `overflow-x: auto` that keyboard users can focus (and so scroll). It is a named group, not a
 * region, so several tables on one page are not landmarks that must have unique names.
 */
import type { ReactNode } from 'react';

const WRAPPER_CLASS = 'table-scroll';

/** Wraps a React table; `labelledBy` is the id of its heading. */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className={WRAPPER_CLASS} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

const WRAPPER_OPEN = `<div class="${WRAPPER_CLASS}" role="group" aria-label="Таблиця" tabindex="0">`;

/** The same wrapper around every table of sanitised rich-text HTML (the sanitiser keeps no classes). */
export function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  return html.replace(/<table\b/g, `${WRAPPER_OPEN}<table`).replace(/<\/table>/g, '</table></div>');
}

/** wrapTables undone (the page state reads rich text back from the page: lib/sharedStrings.ts). */
export function unwrapTables(html: string): string {
  if (!html.includes(WRAPPER_OPEN)) return html;
  return html
    .split(`${WRAPPER_OPEN}<table`)
    .join('<table')
    .replace(/<\/table><\/div>/g, '</table>');
}
