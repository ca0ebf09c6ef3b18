/**
 * Several uploads at once: files added to the queue wait «У черзі» and start in order, at most
 * UPLOADS_AT_ONCE running. A paused upload gives its slot to the next waiting file; asked to continue
 * while every slot is taken, it waits «У черзі» again (ahead of files never started) and then
 * continues its resumable session where it stopped. A failed upload tried again («Спробувати ще раз»)
 * waits «У черзі» like a new file (ahead of files never started) and starts afresh when a slot frees.
 * Each gets an UploadProgress (its own pause, resume and cancel), a waiting file can be cancelled and
 * then never starts. A finished upload leaves the queue after `linger` ms. New files get a fresh name
 * in the folder; a replacement keeps the name of the file it replaces.
 */
import type { FirebaseStorage } from 'firebase/storage';
import { useCallback, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { formatBytes } from '../../lib/files';
import { objectNameFor, UploadProgress } from './UploadProgress';
import { UploadRow } from './UploadRow';

/** Uploads running at once; more would flood the browser (net::ERR_INSUFFICIENT_RESOURCES at 300). */
export const UPLOADS_AT_ONCE = 3;

export interface QueuedUpload {
  key: string;
  file: File;
  path: string;
  /**
   * Waiting its turn, the first or after failing (`queued`), holding a slot (`running`), paused by the
   * editor (no slot), paused and asked to continue, waiting for a slot (`resuming`), or ended (done,
   * cancelled or failed).
   */
  phase: 'queued' | 'running' | 'paused' | 'resuming' | 'ended';
}

/** `uploads` with the first waiting ones given a slot, so that at most `limit` are running. */
export function promote(uploads: QueuedUpload[], limit = UPLOADS_AT_ONCE): QueuedUpload[] {
  let free = limit - uploads.filter((u) => u.phase === 'running').length;
  return uploads.map((u) =>
    (u.phase === 'queued' || u.phase === 'resuming') && free-- > 0 ? { ...u, phase: 'running' } : u,
  );
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
  /** Moves an upload to `phase` (only from phase `from`, when given). */
  const mark = useCallback(
    (key: string, phase: QueuedUpload['phase'], from?: QueuedUpload['phase']) =>
      update((all) => all.map((x) => (x.key === key && (!from || x.phase === from) ? { ...x, phase } : x))),
    [update],
  );
  /** Drops an upload from the list (a waiting one never starts). */
  const remove = useCallback((key: string) => update((all) => all.filter((x) => x.key !== key)), [update]);
  return { uploads, add, replace, mark, remove };
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
          <UploadRow
            key={u.key}
            file={u.file}
            status={`У черзі (${formatBytes(u.file.size)})`}
            onCancel={() => queue.remove(u.key)}
          />
        ) : (
          <UploadProgress
            key={u.key}
            storage={storage}
            file={u.file}
            path={u.path}
            onDone={onDone}
            waiting={u.phase === 'resuming'}
            onPaused={() => queue.mark(u.key, 'paused', 'running')}
            onResume={() => queue.mark(u.key, 'resuming', 'paused')}
            // Queued again: promoted at once while a slot is free (the same UploadProgress restarts),
            // else its row waits «У черзі» and a fresh UploadProgress starts it when a slot frees.
            onRetry={() => queue.mark(u.key, 'queued', 'ended')}
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
