/**
 * Unsaved edit-form values kept across a session that ended while the form was open (signed out in
 * another tab, account disabled): stored in this tab's sessionStorage under one key, offered back on
 * the same document's edit page only to the same account, and dropped once restored or discarded.
 */

const KEY = 'uhmi-admin-edit-draft';

/** A stored draft: the account (uid), the document (type key, id or 'new'), its version, the form's base and my values. */
export interface EditDraft {
  uid: string;
  type: string;
  id: string;
  version: number | null;
  base: Record<string, unknown>;
  values: Record<string, unknown>;
}

/** Stores `draft`, replacing any earlier one; a full or unavailable storage is ignored (the form stays). */
export function storeDraft(draft: EditDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch (err) {
    console.error('[admin] could not keep the unsaved form', err);
  }
}

/** The stored draft, whoever it belongs to, or null. */
export function peekDraft(): EditDraft | null {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as EditDraft) : null;
  } catch {
    return null;
  }
}

/** The stored draft of document `type`/`id` for account `uid`, or null. */
export function draftFor(uid: string, type: string, id: string): EditDraft | null {
  const draft = peekDraft();
  return draft && draft.uid === uid && draft.type === type && draft.id === id ? draft : null;
}

/** Forgets the stored draft. */
export function dropDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored then.
  }
}
