/**
 * Who made a revision or an audit entry, as the admin names them: the e-mail recorded at the time,
 * «система» for writes outside the admin (the seed, mail notices), else «обліковий запис без адреси»
 * (an account that had no e-mail then; the raw uid means nothing to an editor).
 */

/** The uid recorded for writes outside the admin (server/content/history.ts SYSTEM_AUTHOR). */
export const SYSTEM_AUTHOR_UID = 'system';

export const SYSTEM_AUTHOR_LABEL = 'система';
export const NO_EMAIL_AUTHOR_LABEL = 'обліковий запис без адреси';

/** The author's label in «Історія змін», «Журнал змін» and the overview's recent changes. */
export function authorLabel(author: { uid: string; email: string | null }): string {
  if (author.email) return author.email;
  return author.uid === SYSTEM_AUTHOR_UID ? SYSTEM_AUTHOR_LABEL : NO_EMAIL_AUTHOR_LABEL;
}
