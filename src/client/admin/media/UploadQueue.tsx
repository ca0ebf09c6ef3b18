/**
 * Several uploads at once: files added to the queue wait «У черзі» and start in order, at most
 * UPLOADS_AT_ONCE running (a paused upload keeps its place); each gets an UploadProgress (its own
 * pause, resume and cancel), a waiting file can be cancelled and then never starts. A finished upload
 * leaves the queue after `linger` ms. New files get a fresh name in the folder; a replacement keeps
 * the name of the file it replaces.
 */
import { Button, Group, Text } from '@mantine/core';
import type { FirebaseStorage } from 'firebase/storage';
import { useCallback, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { formatBytes } from '../../lib/files';
import { objectNameFor, UploadProgress } from './UploadProgress';

/** Uploads running at once; more would flood the browser (net::ERR_INSUFFICIENT_RESOURCES at 300). */
export const UPLOADS_AT_ONCE = 3;

export interface QueuedUpload {
  key: string;
  file: File;
  path: string;
  /** Waiting its turn, started (running or paused), or ended (done, cancelled or failed). */
  phase: 'queued' | 'started' | 'ended';
}

/** `uploads` with the first waiting ones started, so that at most `limit` are started and not ended. */
export function promote(uploads: QueuedUpload[], limit = UPLOADS_AT_ONCE): QueuedUpload[] {
  let free = limit - uploads.filter((u) => u.phase === 'started').length;
  return uploads.map((u) => (u.phase === 'queued' && free-- > 0 ? { ...u, phase: 'started' } : u));
}

/** The queue's state: `add(files)` queues uploads into `folder`. */
export function useUploadQueue(folder: string) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const update = useCallback(
    (change: (all: QueuedUpload[]) => QueuedUpload[]) => setUploads((all) => promote(change(all))),
    [],
  );
  const add = useCallback(
    (files: File[]) =>
      update((u) => [
        ...u,
        ...files.map((file) => ({
          key: `${file.name}-${file.size}-${Math.random()}`,
          file,
          path: objectNameFor(folder, file),
          phase: 'queued' as const,
        })),
      ]),
    [folder, update],
  );
  /** Uploads `file` over the stored object `path` (same name, so every link to it now serves the new bytes). */
  const replace = useCallback(
    (file: File, path: string) =>
      update((u) => [...u, { key: `${path}-${Math.random()}`, file, path, phase: 'queued' }]),
    [update],
  );
  /** Marks an upload started again («Спробувати ще раз») or ended. */
  const mark = useCallback(
    (key: string, phase: 'started' | 'ended') => update((all) => all.map((x) => (x.key === key ? { ...x, phase } : x))),
    [update],
  );
  /** Drops an upload from the list (a waiting one never starts). */
  const remove = useCallback((key: string) => update((all) => all.filter((x) => x.key !== key)), [update]);
  return { uploads, add, replace, mark, remove };
}

/** A file waiting its turn, with the button that takes it off the queue. */
function WaitingUpload({ file, onCancel }: { file: File; onCancel: () => void }) {
  return (
    <div role="group" aria-label={`Завантаження ${file.name}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} truncate maw={360}>
          {file.name}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            У черзі ({formatBytes(file.size)})
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
            Скасувати
          </Button>
        </Group>
      </Group>
    </div>
  );
}

export function UploadQueue({
  storage,
  queue,
  onDone,
  linger = 0,
}: {
  storage: FirebaseStorage;
  queue: ReturnType<typeof useUploadQueue>;
  onDone: (ref: FileRef) => void;
  linger?: number;
}) {
  return (
    <>
      {queue.uploads.map((u) =>
        u.phase === 'queued' ? (
          <WaitingUpload key={u.key} file={u.file} onCancel={() => queue.remove(u.key)} />
        ) : (
          <UploadProgress
            key={u.key}
            storage={storage}
            file={u.file}
            path={u.path}
            onDone={onDone}
            onRetry={() => queue.mark(u.key, 'started')}
            onFinished={(state) => {
              queue.mark(u.key, 'ended');
              if (state === 'success') setTimeout(() => queue.remove(u.key), linger);
            }}
          />
        ),
      )}
    </>
  );
}
