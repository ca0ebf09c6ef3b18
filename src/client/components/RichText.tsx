/** Rich-text HTML that the server has already sanitised with its allow-list; wide tables scroll in place. */
import { wrapTables } from './TableScroll';

export function RichText({ html, className = '', lang }: { html: string; className?: string; lang?: string }) {
  if (!html) return null;
  return (
    <div
      className={`rich-text ${className}`.trim()}
      lang={lang}
      dangerouslySetInnerHTML={{ __html: wrapTables(html) }}
    />
  );
}
