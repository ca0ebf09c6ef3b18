/**
 * The revision history of a document: list, view a revision's fields (RevisionView), restore it
 * after a confirmation that says what the restore will do (restoreMessage).
 */
import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AnyContentType } from '../../../shared/content/define';
import { authorLabel } from '../../../shared/content/authors';
import { formatDateTime } from '../../../shared/dates';
import { ConfirmModal } from '../components/ConfirmModal';
import type { CollectionApi, RevisionEntry, SingletonApi } from '../contentApi';
import { trpcErrorMessage } from '../trpcErrors';
import { restoreMessage } from './restoreMessage';
import { RevisionView } from './RevisionView';

const ACTIONS: Record<string, string> = {
  create: 'Створено',
  update: 'Змінено',
  restore: 'Відновлено',
  publish: 'Опубліковано',
  unpublish: 'Знято з публікації',
};

type Api = CollectionApi | SingletonApi;

/** Asks before restoring `entry` over the newest revision `newest` (the current saved data). */
function RestoreConfirm({
  api,
  type,
  id,
  entry,
  newest,
  dirty,
  onCancel,
  onRestore,
}: {
  api: Api;
  type: AnyContentType;
  id: string;
  entry: RevisionEntry | null;
  newest: RevisionEntry | undefined;
  dirty: boolean;
  onCancel: () => void;
  onRestore: (revision: number) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const restored = api.revision.useQuery({ id, revision: entry?.revision ?? 0 }, { enabled: entry !== null });
  const current = api.revision.useQuery(
    { id, revision: newest?.revision ?? 0 },
    { enabled: entry !== null && !!newest },
  );
  const ready = !!restored.data && !!current.data;
  const failed = restored.error ?? current.error;
  const lines =
    ready && entry ? restoreMessage(type, entry.version, restored.data!.data, current.data!.data, dirty) : [];
  return (
    <ConfirmModal
      opened={entry !== null}
      title="Відновити версію?"
      confirmLabel="Відновити"
      destructive={false}
      loading={(!ready && !failed) || busy}
      disabled={!ready}
      onCancel={onCancel}
      onConfirm={() => {
        if (!entry) return;
        setBusy(true);
        void onRestore(entry.revision).finally(() => {
          setBusy(false);
          onCancel();
        });
      }}
    >
      {ready ? lines.map((line) => <Text key={line}>{line}</Text>) : null}
      {!ready && failed ? <Text c="red">{trpcErrorMessage(failed)}</Text> : null}
      {!ready && !failed ? <Text>Завантаження версії…</Text> : null}
    </ConfirmModal>
  );
}

export function RevisionsDrawer({
  api,
  type,
  id,
  opened,
  dirty,
  onClose,
  onRestore,
}: {
  api: Api;
  type: AnyContentType;
  id: string;
  opened: boolean;
  /** The form has unsaved changes (the confirmation says they will be lost). */
  dirty: boolean;
  onClose: () => void;
  onRestore: (revision: number) => Promise<void>;
}) {
  const revisions = api.revisions.useQuery({ id }, { enabled: opened });
  const [viewing, setViewing] = useState<RevisionEntry | null>(null);
  const [confirming, setConfirming] = useState<RevisionEntry | null>(null);
  const revision = api.revision.useQuery({ id, revision: viewing?.revision ?? 0 }, { enabled: viewing !== null });
  return (
    <Drawer opened={opened} onClose={onClose} title="Історія змін" position="right" size="lg">
      <Stack>
        {(revisions.data ?? []).map((r) => (
          <Group key={r.revision} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                Версія {r.version} <Badge variant="light">{ACTIONS[r.action] ?? r.action}</Badge>
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.at)} · {authorLabel(r.author)}
              </Text>
            </div>
            <Group gap={4}>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={`Переглянути версію ${r.version}`}
                onClick={() => setViewing(r)}
              >
                Переглянути
              </Button>
              <Button size="compact-xs" aria-label={`Відновити версію ${r.version}`} onClick={() => setConfirming(r)}>
                Відновити
              </Button>
            </Group>
          </Group>
        ))}
        {viewing !== null && revision.data ? (
          <RevisionView type={type} version={viewing.version} data={revision.data.data} />
        ) : null}
      </Stack>
      <RestoreConfirm
        api={api}
        type={type}
        id={id}
        entry={confirming}
        newest={revisions.data?.[0]}
        dirty={dirty}
        onCancel={() => setConfirming(null)}
        onRestore={onRestore}
      />
    </Drawer>
  );
}
