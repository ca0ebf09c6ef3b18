const NEEDS_ESCAPE = /[&<>"]/;

/** Text safe in HTML content and in double-quoted attribute values (pages, head links, feeds, mails). */
export function escapeHtml(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
