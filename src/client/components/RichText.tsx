/**
 * Rich-text HTML that the server has already sanitised with its allow-list; wide tables scroll in
 * place. The element is marked (`data-s`): the page state refers to it instead of repeating the
 * markup (lib/sharedStrings.ts), and the browser reads the string back with the table wrappers
 * undone (when they cannot be, the markup stays in the state).
 */
import { useSharedStrings } from '../lib/sharedStrings';
import { unwrapTables, wrapTables } from './TableScroll';

export function RichText({ html, className = '', lang }: { html: string; className?: string; lang?: string }) {
  const mark = useSharedStrings();
  if (!html) return null;
  const shown = wrapTables(html);
  return (
    <div
      className={`rich-text ${className}`.trim()}
      lang={lang}
      data-s={unwrapTables(shown) === html ? mark('h', html) : undefined}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
