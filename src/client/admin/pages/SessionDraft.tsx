/**
 * The edit page's side of editDraft: when the session ends while the form has unsaved changes, the
 * values are stored and the page may be left without the «Незбережені зміни» question (the admin goes
 * to the login page, which says why); back on the same document, signed in as the same account, an
 * alert offers to restore them (into the form, or through the conflict dialog when the document changed).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAdmin } from '../context';
import { draftFor, dropDraft, storeDraft, type EditDraft } from '../editDraft';
import { useSessionState } from '../session';
import type { DocumentForm, EditTarget } from './useEditDocument';

/**
 * Stores the form when the session ends with unsaved changes (then `allowLeave`), and returns the
 * draft of this document left by the same account earlier (null when none) with `forget` to drop it.
 */
export function useSessionDraft(
  target: EditTarget,
  form: DocumentForm,
  version: number | null,
  dirty: boolean,
  allowLeave: () => void,
): { draft: EditDraft | null; forget: () => void } {
  const { session } = useAdmin();
  const state = useSessionState(session);
  // The account the page was opened by (it is mounted again after any new sign-in).
  const [uid] = useState(() => (state.status === 'signedIn' ? state.user.uid : null));
  const docId = target.id ?? 'new';
  const [draft, setDraft] = useState(() => (uid ? draftFor(uid, target.type.key, docId) : null));
  useEffect(() => {
    if (state.status !== 'signedOut' || !dirty || !uid) return;
    storeDraft({
      uid,
      type: target.type.key,
      id: docId,
      version,
      base: form.formState.defaultValues ?? {},
      values: form.getValues(),
    });
    allowLeave();
  }, [state.status, dirty, uid, target.type.key, docId, version, form, allowLeave]);
  const forget = () => {
    dropDraft();
    setDraft(null);
  };
  return { draft, forget };
}

/** The offer to bring back a draft's values (`onRestore`) or drop them. */
export function DraftRestore({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: EditDraft | null;
  onRestore: (draft: EditDraft) => void;
  onDiscard: () => void;
}) {
  if (!draft) return null;
  return (
    <Alert color="yellow" title="Незбережені зміни з попереднього сеансу">
      <Text size="sm">Сеанс завершився, коли ви ще не зберегли зміни в цьому документі. Відновити їх у формі?</Text>
      <Group mt="xs">
        <Button size="xs" onClick={() => onRestore(draft)}>
          Відновити зміни
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          Відкинути
        </Button>
      </Group>
    </Alert>
  );
}
