/**
 * Rich-text HTML that the server has already sanitised with its allow-list. The element is marked
 * (`data-s`): the page state refers to it instead of repeating the markup (lib/sharedStrings.ts).
 */
import { useSharedStrings } from '../lib/sharedStrings';

export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const mark = useSharedStrings();
  if (!html) return null;
  return <div className={`rich-text ${className}`.trim()} data-s={mark('h', html)} dangerouslySetInnerHTML={{ __html: html }} />;
}
