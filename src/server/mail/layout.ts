/**
 * The HTML frame of the server's mails: a plain, readable page in Ukrainian with the institute's name.
 * Every value that comes from a user or a document must pass through `escapeHtml` before it is put
 * into the body given here.
 */
import { escapeHtml } from '../http/escapeHtml';

/** A complete HTML document around `bodyHtml` (already escaped), titled with the subject. */
export function mailHtml(subject: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="uk">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a; max-width: 640px; margin: 0 auto; padding: 16px;">
${bodyHtml}
<p style="color: #666; font-size: 13px; border-top: 1px solid #ddd; padding-top: 8px; margin-top: 24px;">Український гідрометеорологічний інститут ДСНС України та НАН України</p>
</body>
</html>
`;
}
