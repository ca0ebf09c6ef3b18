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

/** The same wrapper around every table of sanitised rich-text HTML (the sanitiser keeps no classes). */
export function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  return html
    .replace(/<table\b/g, `<div class="${WRAPPER_CLASS}" role="group" aria-label="Таблиця" tabindex="0"><table`)
    .replace(/<\/table>/g, '</table></div>');
}
