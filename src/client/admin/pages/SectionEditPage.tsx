/**
 * The edit screen of a document (or of a singleton such as the header), generated from the
 * registry: a react-hook-form form validated by the same zod schema as the server, with field errors
 * beside the fields (the server's too), optimistic concurrency (a CONFLICT offers a three-way merge, see ConflictModal),
 * a warning before leaving with unsaved changes, revision history with restore, delete (with detach
 * when other documents refer to it), a draft preview link, and child documents edited inside.
 */
import { Button, Loader, Stack } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { collectionApi, singletonApi, type AdminDoc } from '../contentApi';
import { dataOf } from '../form/defaults';
import { FieldInput } from '../form/FieldInput';
import { formFields, type FieldSpec } from '../form/introspect';
import { useFocusFirstInvalid } from '../form/useFocusFirstInvalid';
import { ADMIN_HOME } from '../guards';
import {
  DeleteModal,
  DocumentConflict,
  DocumentPanels,
  documentTitle,
  EditHeader,
  FormAlerts,
  LeaveModal,
  previewPathOf,
  SaveBar,
  showsFieldSummary,
} from './EditFormParts';
import { DeletedDrawer } from './DeletedDrawer';
import { EditLoadFailure } from './EditLoadFailure';
import { RevisionsDrawer } from './RevisionsDrawer';
import { DraftRestore, useSessionDraft } from './SessionDraft';
import type { EditDraft } from '../editDraft';
import {
  useDeleteDocument,
  useDocumentForm,
  useLeaveGuard,
  useRestoreRevision,
  useSaveDocument,
  type EditTarget,
  mergeIntoForm,
  type VersionState,
} from './useEditDocument';

export type { EditTarget };

/** The slug field's help on a new document (the server makes the slug from the title when it is empty). */
const SLUG_HELP = 'Можна залишити порожньою — її буде створено з назви за офіційною транслітерацією.';

export function SectionEditPage(target: EditTarget) {
  const { type } = target;
  const singleton = type.kind === 'singleton';
  const collection = collectionApi(type.key);
  const single = singletonApi(type.key);
  const existing = singleton
    ? single.get.useQuery(undefined)
    : collection.get.useQuery({ id: target.id ?? '' }, { enabled: !!target.id });
  if (target.id && existing.isLoading) return <Loader aria-label="Завантаження документа" />;
  if (existing.error) {
    return <EditLoadFailure target={target} error={existing.error} onRetry={() => void existing.refetch()} />;
  }
  return (
    <EditForm
      key={`${type.key}/${target.id ?? 'new'}`}
      target={target}
      doc={existing.data ?? null}
      reload={() => existing.refetch()}
    />
  );
}

function EditForm({
  target,
  doc,
  reload,
}: {
  target: EditTarget;
  doc: AdminDoc | null;
  reload: () => Promise<unknown>;
}) {
  const { type } = target;
  const singleton = type.kind === 'singleton';
  const specs = useMemo(() => formFields(type), [type]);
  const form = useDocumentForm(target, doc, specs);
  const { dirty, blocker, allowLeave } = useLeaveGuard(form.formState.isDirty);
  const [version, setVersion] = useState<number | null>(doc?.version ?? null);
  const versionState: VersionState = [version, setVersion];
  const { save, conflict, setConflict, gone } = useSaveDocument(target, doc, form, versionState, allowLeave);
  const [showDeleted, setShowDeleted] = useState(false);
  const { deleting, setDeleting, onDelete } = useDeleteDocument(target, doc, version, allowLeave);
  const { history, setHistory, onRestore } = useRestoreRevision(type, doc, form, versionState);
  const { draft, forget } = useSessionDraft(target, form, version, dirty, allowLeave);
  const restoreDraft = (d: EditDraft) => {
    forget();
    const base = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
    // Changed since the session ended: the conflict dialog merges; otherwise the values go back as they were.
    if (doc && d.version !== version) setConflict({ base: d.base, mine: d.values, theirs: doc });
    else mergeIntoForm(form, base, d.values);
  };
  const title = documentTitle(type, doc);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, submitCount } = form.formState;
  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length > 0);

  return (
    <FormProvider {...form}>
      <Stack maw={960}>
        <EditHeader
          target={target}
          title={title}
          version={version}
          previewPath={previewPathOf(type, doc)}
          onHistory={doc || (singleton && version !== null) ? () => setHistory(true) : undefined}
        />
        <form
          ref={formRef}
          onSubmit={(event) => void form.handleSubmit((data) => save(data))(event)}
          noValidate
          aria-label={title}
        >
          <Stack>
            <DraftRestore draft={draft} onRestore={restoreDraft} onDiscard={forget} />
            <FormAlerts
              errors={errors}
              action={
                gone ? (
                  <Button display="block" mt="xs" size="xs" variant="white" onClick={() => setShowDeleted(true)}>
                    Видалені
                  </Button>
                ) : null
              }
            />
            <DocumentFields target={target} specs={specs} isNew={!doc} />
            <SaveBar
              saving={form.formState.isSubmitting}
              dirty={dirty}
              invalid={showsFieldSummary(errors, submitCount)}
              onDelete={doc && !singleton ? () => setDeleting({}) : undefined}
            />
          </Stack>
        </form>
        {doc && !singleton ? <DocumentPanels type={type} doc={doc} basePath={target.basePath} /> : null}
      </Stack>
      <DocumentConflict
        type={type}
        conflict={conflict}
        onClose={() => setConflict(null)}
        onReload={(theirs) =>
          void reload().then(() => {
            if (theirs) {
              setVersion(theirs.version);
              form.reset(dataOf(type, theirs));
            }
          })
        }
        onKeepMine={(theirs, merged) => void save(merged, theirs.version)}
        onMerge={(theirs, merged) => {
          setVersion(theirs.version);
          mergeIntoForm(form, dataOf(type, theirs), merged);
        }}
      />
      <DeleteModal
        title={title}
        deleting={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(detach) => void onDelete(detach)}
      />
      <LeaveModal blocker={blocker} />
      {gone ? (
        <DeletedDrawer type={type} base={target.basePath} opened={showDeleted} onClose={() => setShowDeleted(false)} />
      ) : null}
      {doc || singleton ? (
        <RevisionsDrawer
          api={singleton ? singletonApi(type.key) : collectionApi(type.key)}
          type={type}
          id={doc?.id ?? type.key}
          opened={history}
          dirty={dirty}
          onClose={() => setHistory(false)}
          onRestore={onRestore}
        />
      ) : null}
    </FormProvider>
  );
}

/** The form's inputs, except the fields preset on a new document; a new document's slug says it may stay empty. */
function DocumentFields({ target, specs, isNew }: { target: EditTarget; specs: FieldSpec[]; isNew: boolean }) {
  const { type, preset } = target;
  return specs.map((spec) =>
    preset && spec.name in preset ? null : (
      <FieldInput
        key={spec.name}
        spec={isNew && spec.name === type.slug?.field && !spec.help ? { ...spec, help: SLUG_HELP } : spec}
        path={spec.name}
      />
    ),
  );
}

export { ADMIN_HOME };
