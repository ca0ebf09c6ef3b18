/**
 * The edit screen's state and actions, one hook per job: the form, the guard against leaving with
 * unsaved changes, saving (with the version conflict), deleting and restoring a revision.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useBlocker, useNavigate, type Blocker } from 'react-router';
import type { AnyContentType } from '../../../shared/content/define';
import { collectionApi, singletonApi, useInvalidateType, type AdminDoc } from '../contentApi';
import { dataOf, formResolver, newDocumentValues } from '../form/defaults';
import type { FieldSpec } from '../form/introspect';
import { trpcErrorData, trpcErrorMessage } from '../trpcErrors';
import { sameValue } from './conflictMerge';

export interface EditTarget {
  type: AnyContentType;
  /** Existing document id; undefined for a new one. Singletons use their key. */
  id?: string;
  /** Values preset on a new document (e.g. the parent conference of a thesis). */
  preset?: Record<string, unknown>;
  /** Where the list of this document is (after create/delete). */
  backTo: string;
  /** Path prefix of this document's own URL (…/{id}). */
  basePath: string;
  backLabel: string;
}

export type DocumentForm = UseFormReturn<Record<string, unknown>>;

/** A save of a document another staff member deleted meanwhile. */
export const DELETED_BY_OTHER =
  'Цей документ видалив інший користувач. Ваші зміни залишаються у формі: відновіть документ у «Видалені» й збережіть знову.';

/** The version the editor works from (null before a singleton's first save), and its setter. */
export type VersionState = [number | null, (version: number) => void];

/**
 * After a stale-version CONFLICT: the values the form was loaded from (base), my unsaved values and
 * the stored document (null when it is gone).
 */
export interface Conflict {
  base: Record<string, unknown>;
  mine: Record<string, unknown>;
  theirs: AdminDoc | null;
}

/** The form of a document: the loaded data or a new document's values, validated by the server's schema. */
export function useDocumentForm(target: EditTarget, doc: AdminDoc | null, specs: FieldSpec[]): DocumentForm {
  const { type } = target;
  return useForm<Record<string, unknown>>({
    resolver: formResolver(type),
    defaultValues: doc ? dataOf(type, doc) : { ...newDocumentValues(type, specs), ...target.preset },
    mode: 'onTouched',
    // The edit page focuses the first invalid field itself, in the form's order (useFocusFirstInvalid).
    shouldFocusError: false,
  });
}

/**
 * Blocks leaving the page (navigation to another path, unload) while the form is dirty; `allowLeave`
 * lifts it for good just before navigating away on purpose (after a create or a delete).
 */
export function useLeaveGuard(isDirty: boolean): { dirty: boolean; blocker: Blocker; allowLeave: () => void } {
  const [left, setLeft] = useState(false);
  /** Set just before navigating away on purpose, read by the blocker. */
  const leaving = useRef(false);
  const dirty = isDirty && !left;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const allowLeave = () => {
    setLeft(true);
    leaving.current = true;
  };
  return { dirty, blocker, allowLeave };
}

/** Makes `stored` the form's base and puts `merged` on top as unsaved changes. */
export function mergeIntoForm(form: DocumentForm, stored: Record<string, unknown>, merged: Record<string, unknown>) {
  form.reset(stored);
  for (const [field, value] of Object.entries(merged)) {
    if (!sameValue(value, stored[field])) form.setValue(field, value, { shouldDirty: true });
  }
}

/** Puts the server's field errors beside the fields (paths without `data.`) and its message above the form. */
function applyServerErrors(form: DocumentForm, err: unknown): void {
  const fieldErrors = trpcErrorData(err).zodError?.fieldErrors ?? {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages?.[0]) form.setError(field.replace(/^data\./, ''), { message: messages[0] });
  }
  form.setError('root', { message: trpcErrorMessage(err) });
}

/**
 * Saves the form's data: creates a new document (then opens it), updates an existing one or saves
 * a singleton, at the current version or at `overVersion` (keeping mine over a conflict). A stale
 * version sets `conflict`; a document deleted meanwhile sets `gone`; other errors land in the form.
 */
export function useSaveDocument(
  target: EditTarget,
  doc: AdminDoc | null,
  form: DocumentForm,
  [version, setVersion]: VersionState,
  allowLeave: () => void,
) {
  const { type } = target;
  const singleton = type.kind === 'singleton';
  const navigate = useNavigate();
  const invalidate = useInvalidateType();
  const collection = collectionApi(type.key);
  const create = collection.create.useMutation();
  const update = collection.update.useMutation();
  const updateSingle = singletonApi(type.key).update.useMutation();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [gone, setGone] = useState(false);

  const save = async (data: Record<string, unknown>, overVersion?: number) => {
    setGone(false);
    try {
      let result: AdminDoc;
      if (singleton) result = await updateSingle.mutateAsync({ version: overVersion ?? version, data });
      else if (doc)
        result = await update.mutateAsync({ id: doc.id, version: overVersion ?? version ?? doc.version, data });
      else result = await create.mutateAsync({ data });
      setVersion(result.version);
      await invalidate(type.key);
      notifications.show({ color: 'green', message: 'Збережено' });
      if (!doc && !singleton) {
        allowLeave();
        void navigate(`${target.basePath}/${result.id}`, { replace: true });
      } else {
        form.reset(dataOf(type, result));
      }
    } catch (err) {
      const data = trpcErrorData(err);
      if (data.code === 'CONFLICT' && data.reason === 'stale-version') {
        const base = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
        setConflict({ base: structuredClone(base), mine: form.getValues(), theirs: data.current ?? null });
        return;
      }
      if (data.code === 'NOT_FOUND' && doc && !singleton) {
        // Deleted by someone else meanwhile: the form stays; the page offers «Видалені» to bring it back.
        setGone(true);
        form.setError('root', { message: DELETED_BY_OTHER });
        return;
      }
      applyServerErrors(form, err);
    }
  };
  return { save, conflict, setConflict, gone };
}

/**
 * Deletes the document (`detach`: clearing other documents' references first), then goes back to
 * the list without refetching the deleted document. A refusal because others refer to it (PRECONDITION_FAILED) is kept in `deleting.message`
 * for the confirmation to offer detaching.
 */
export function useDeleteDocument(
  target: EditTarget,
  doc: AdminDoc | null,
  version: number | null,
  allowLeave: () => void,
) {
  const { type } = target;
  const navigate = useNavigate();
  const invalidate = useInvalidateType();
  const remove = collectionApi(type.key).delete.useMutation();
  const [deleting, setDeleting] = useState<{ message?: string } | null>(null);

  const onDelete = async (detach: boolean) => {
    if (!doc) return;
    try {
      await remove.mutateAsync({ id: doc.id, version: version ?? undefined, detach });
      // Not refetched now: this page's `get` of the deleted document would answer 404 (QA finding 12).
      await invalidate(type.key, { refetch: false });
      allowLeave();
      setDeleting(null);
      notifications.show({ color: 'green', message: 'Документ видалено' });
      void navigate(target.backTo);
    } catch (err) {
      if (trpcErrorData(err).code === 'PRECONDITION_FAILED') setDeleting({ message: trpcErrorMessage(err) });
      else notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
    }
  };
  return { deleting, setDeleting, onDelete };
}

/** Restores a revision as a new version and loads it into the form; `history` is whether the history drawer is open. */
export function useRestoreRevision(
  type: AnyContentType,
  doc: AdminDoc | null,
  form: DocumentForm,
  [version, setVersion]: VersionState,
) {
  const invalidate = useInvalidateType();
  const restore = (type.kind === 'singleton' ? singletonApi(type.key) : collectionApi(type.key)).restore.useMutation();
  const [history, setHistory] = useState(false);

  const onRestore = async (revision: number) => {
    try {
      const result = await restore.mutateAsync({ id: doc?.id ?? type.key, revision, version: version ?? 0 });
      setVersion(result.version);
      form.reset(dataOf(type, result));
      await invalidate(type.key);
      setHistory(false);
      notifications.show({ color: 'green', message: `Відновлено версію; збережено як версію ${result.version}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
    }
  };
  return { history, setHistory, onRestore };
}
