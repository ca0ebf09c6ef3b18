/** The admin's document titles, shared by the server's HTML shell and the client's screens. */
import { SITE_SHORT_NAME } from './siteFacts';

/** The admin's own title: the shell's <title> before a screen sets its own. */
export const ADMIN_TITLE = `Адміністрування — ${SITE_SHORT_NAME}`;

/** A screen's title: «{heading} — Адміністрування — УкрГМІ» (whitespace collapsed), the bare admin title without a heading. */
export function adminTitle(heading: string): string {
  const clean = heading.replace(/\s+/g, ' ').trim();
  return clean ? `${clean} — ${ADMIN_TITLE}` : ADMIN_TITLE;
}
