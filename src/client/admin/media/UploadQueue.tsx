/**
 * Several uploads at once: files added to the queue each get an UploadProgress (with its own pause,
 * resume and cancel); a finished upload leaves the queue after `linger` ms. New files get a fresh
 * name in the folder; a replacement keeps the name of the file it replaces.
 */
import type { FirebaseStorage } from 'firebase/storage';
import { useCallback, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { objectNameFor, UploadProgress } from './UploadProgress';

interface QueuedUpload {
  key: string;
  file: File;
  path: string;
}

/** The queue's state: `add(files)` starts uploads into `folder`. */
export function useUploadQueue(folder: string) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const add = useCallback(
    (files: File[]) =>
      setUploads((u) => [
        ...u,
        ...files.map((file) => ({
          key: `${file.name}-${file.size}-${Math.random()}`,
          file,
          path: objectNameFor(folder, file),
        })),
      ]),
    [folder],
  );
  /** Uploads `file` over the stored object `path` (same name, so every link to it now serves the new bytes). */
  const replace = useCallback(
    (file: File, path: string) => setUploads((u) => [...u, { key: `${path}-${Math.random()}`, file, path }]),
    [],
  );
  const remove = useCallback((key: string) => setUploads((all) => all.filter((x) => x.key !== key)), []);
  return { uploads, add, replace, remove };
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
      {queue.uploads.map((u) => (
        <UploadProgress
          key={u.key}
          storage={storage}
          file={u.file}
          path={u.path}
          onDone={onDone}
          onFinished={(state) => {
            if (state === 'success') setTimeout(() => queue.remove(u.key), linger);
          }}
        />
      ))}
    </>
  );
}
