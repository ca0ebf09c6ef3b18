/**
 * The parts of the edit screen (SectionEditPage): its heading, the form's error alerts, the save
 * bar, the child and related documents, and the dialogs (conflict, delete, unsaved changes).
 */
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link, type Blocker } from 'react-router';
import { fieldLabelOf, type AnyContentType } from '../../../shared/content/define';
import { fieldText } from '../../../shared/fieldText';
import type { AdminDoc } from '../contentApi';
import { useAdmin } from '../context';
import { dataOf } from '../form/defaults';
import { useSessionState } from '../session';
import { ChildrenPanel, childTypesOf, RelatedPanel, relatedTypesOf } from './ChildrenPanel';
import { ConflictModal } from './ConflictModal';
import { CrossrefPanel } from './CrossrefPanel';
import type { Conflict, EditTarget } from './useEditDocument';
import { PageTitle } from '../components/PageTitle';

/** The heading of a document: its title, the singleton's name, or «Новий документ: …». */
export function documentTitle(type: AnyContentType, doc: AdminDoc | null): string {
  if (doc) return fieldText(doc[type.useAsTitle], type.labels.singular);
  return type.kind === 'singleton' ? type.labels.singular : `Новий документ: ${type.labels.singular.toLowerCase()}`;
}

/** The document's public page with `?preview=1` (drafts shown to staff; not on list pages), when the type has one. */
export function previewPathOf(type: AnyContentType, doc: AdminDoc | null): string | null {
  return doc && type.publicPath
    ? `${type.publicPath(doc)}${type.permalink || type.publicPath(doc).includes('#') ? '' : '?preview=1'}`
    : null;
}

/** The back link, title and version, with the preview and history buttons. */
export function EditHeader({
  target,
  title,
  version,
  previewPath,
  onHistory,
}: {
  target: EditTarget;
  title: string;
  version: number | null;
  previewPath: string | null;
  /** Opens the history; undefined when there is none yet. */
  onHistory?: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        {target.type.kind !== 'singleton' ? (
          <Anchor component={Link} to={target.backTo} size="sm">
            ← {target.backLabel}
          </Anchor>
        ) : null}
        <PageTitle>{title}</PageTitle>
        {version !== null ? (
          <Text size="sm" c="dimmed">
            Версія {version}
          </Text>
        ) : null}
      </div>
      <Group gap="xs">
        {previewPath ? (
          <Button variant="default" component="a" href={previewPath} target="_blank">
            Переглянути на сайті
          </Button>
        ) : null}
        {onHistory ? (
          <Button variant="default" onClick={onHistory}>
            Історія змін
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

/** The server's refusal above the form (set only by a save, so nothing appears there while editing). */
export function FormAlerts({ errors, action }: { errors: FieldErrors; action?: ReactNode }) {
  const root = errors.root?.message;
  return root ? (
    <Alert color="red" role="alert" title="Не вдалося зберегти">
      {root}
      {action}
    </Alert>
  ) : null;
}

/**
 * Whether the save bar says «Перевірте виділені поля.»: after a save was tried, while any field
 * (not the server's root message) has an error.
 */
export function showsFieldSummary(errors: FieldErrors, submitCount: number): boolean {
  return submitCount > 0 && !errors.root && Object.keys(errors).some((k) => k !== 'root');
}

/**
 * The sticky bar under the form: save, the pointer to the fields with errors (`invalid`, in the bar's
 * own row so it never moves the form), the unsaved-changes note and delete (when `onDelete`).
 */
export function SaveBar({
  saving,
  dirty,
  invalid,
  onDelete,
}: {
  saving: boolean;
  dirty: boolean;
  invalid: boolean;
  onDelete?: () => void;
}) {
  return (
    <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 5 }}>
      <Group justify="space-between">
        <Group>
          <Button type="submit" loading={saving}>
            Зберегти
          </Button>
          {invalid ? (
            <Text size="sm" c="red.9" fw={500} role="alert">
              Перевірте виділені поля.
            </Text>
          ) : null}
          {dirty ? (
            <Text size="sm" c="var(--mantine-color-orange-light-color)">
              Є незбережені зміни
            </Text>
          ) : null}
        </Group>
        {onDelete ? (
          <Button color="red" variant="subtle" onClick={onDelete}>
            Видалити
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Documents edited inside this one (a conference's theses) and those pointing at it (admin-only types: admins). */
export function DocumentPanels({ type, doc, basePath }: { type: AnyContentType; doc: AdminDoc; basePath: string }) {
  const sessionState = useSessionState(useAdmin().session);
  const role = sessionState.status === 'signedIn' ? sessionState.role : null;
  return (
    <>
      {childTypesOf(type).map((child) => (
        <ChildrenPanel key={child.type.key} parent={doc} relation={child} basePath={`${basePath}/${doc.id}`} />
      ))}
      {relatedTypesOf(type)
        .filter((r) => (r.type as { access?: string }).access !== 'admin' || role === 'admin')
        .map((r) => (
          <RelatedPanel key={r.type.key} parent={doc} relation={r} />
        ))}
      {type.key === 'journal' ? <CrossrefPanel issueId={doc.id} /> : null}
    </>
  );
}

/** The stale-version dialog: my values beside the stored ones; reload theirs or save mine over them. */
export function DocumentConflict({
  type,
  conflict,
  onClose,
  onReload,
  onKeepMine,
  onMerge,
}: {
  type: AnyContentType;
  conflict: Conflict | null;
  onClose: () => void;
  /** Loads the stored document into the form. */
  onReload: (theirs: AdminDoc | null) => void;
  /** Saves `merged` (the stored version with my changes) over the stored version. */
  onKeepMine: (theirs: AdminDoc, merged: Record<string, unknown>) => void;
  /** Puts `merged` into the form, now based on the stored version, unsaved. */
  onMerge: (theirs: AdminDoc, merged: Record<string, unknown>) => void;
}) {
  const theirs = conflict?.theirs ?? null;
  const act = (run: (t: AdminDoc, merged: Record<string, unknown>) => void) => (merged: Record<string, unknown>) => {
    onClose();
    if (theirs) run(theirs, merged);
  };
  return (
    <ConflictModal
      key={theirs?.version ?? 'gone'}
      opened={!!conflict}
      base={conflict?.base ?? {}}
      mine={conflict?.mine ?? {}}
      theirs={theirs ? dataOf(type, theirs) : null}
      labels={(f) => fieldLabelOf(type, f)}
      onClose={onClose}
      onReload={() => {
        onClose();
        onReload(theirs);
      }}
      onKeepMine={act(onKeepMine)}
      onMerge={act(onMerge)}
    />
  );
}

/** Confirms a delete; once refused because others refer to the document, offers to detach them. */
export function DeleteModal({
  title,
  deleting,
  onClose,
  onDelete,
}: {
  title: string;
  /** Open when set; `message` is the server's refusal (the document is in use). */
  deleting: { message?: string } | null;
  onClose: () => void;
  onDelete: (detach: boolean) => void;
}) {
  return (
    <Modal opened={!!deleting} onClose={onClose} title="Видалити документ?">
      <Stack>
        {deleting?.message ? (
          <Alert color="orange" role="alert">
            {deleting.message}
          </Alert>
        ) : (
          <Text>Документ «{title}» буде видалено. Історія змін залишиться в журналі.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Скасувати
          </Button>
          {deleting?.message ? (
            <Button color="red" onClick={() => onDelete(true)}>
              Відв’язати й видалити
            </Button>
          ) : (
            <Button color="red" onClick={() => onDelete(false)}>
              Видалити
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before leaving with unsaved changes (the router's blocker). */
export function LeaveModal({ blocker }: { blocker: Blocker }) {
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Незбережені зміни">
      <Stack>
        <Text>Ви змінили документ, але не зберегли зміни. Вийти без збереження?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            Залишитися
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Вийти без збереження
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
