/**
 * The reusable upload component: uploads one file with the SDK's resumable task and shows a
 * progress bar with bytes and percent, and pause / resume / cancel buttons that follow the task's
 * state (running, paused, success, canceled, error). Errors get Ukrainian messages; a failed upload
 * (storage unreachable, say: `storage/retry-limit-exceeded` after lib/storage.ts's retry time) can be
 * started again with «Спробувати ще раз». In the upload queue (UploadQueue.tsx) a paused upload gives up
 * its slot, and one asked to resume may have to wait «У черзі» for a slot; it then continues the same
 * resumable session from where it stopped.
 */
import { Button, Group, Progress, Text } from '@mantine/core';
import { getDownloadURL, uploadBytesResumable, type FirebaseStorage, type UploadTask } from 'firebase/storage';
import { ref as storageRef } from 'firebase/storage';
import { useEffect, useRef, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { uploadDisposition } from '../../../shared/contentDisposition';
import { storageErrorMessage } from '../../../shared/storageErrors';
import { formatBytes } from '../../lib/files';
import { UploadRow } from './UploadRow';
import { fileRefUrl } from './useMedia';

export type UploadState = 'running' | 'paused' | 'success' | 'canceled' | 'error';

/** A safe object name for an uploaded file under `folder` (keeps the extension, transliteration-free). */
export function objectNameFor(folder: string, file: File): string {
  const fileName = file.name.split(/[\\/]/).pop() ?? '';
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0]?.toLowerCase() ?? '';
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'file';
  const stamp = Date.now().toString(36);
  return `${folder.replace(/\/+$/, '')}/${stamp}-${base}${ext}`;
}

interface UploadTaskOptions {
  storage: FirebaseStorage;
  file: File;
  /** Full object name. */
  path: string;
  onDone: (ref: FileRef) => void;
  /** Called once the task ends whatever the outcome. */
  onFinished?: (state: UploadState) => void;
  /** Called once the task is paused (none of its requests in flight): in a queue, it frees its slot. */
  onPaused?: () => void;
}

/**
 * The resumable upload of `file` to `path`, started once per file and path and again on `retry()`:
 * its state as the SDK reports it, the bytes sent (only ever growing), its Ukrainian error message,
 * and whether the editor asked the paused task to continue (`askResume`; cleared once it runs).
 */
function useUploadTask({ storage, file, path, onDone, onFinished, onPaused }: UploadTaskOptions) {
  const [state, setState] = useState<UploadState>('running');
  const [bytes, setBytes] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // «Продовжити» was pressed and the task has not run again yet (it may be waiting for a slot).
  const [resumeAsked, setResumeAsked] = useState(false);
  const task = useRef<UploadTask | null>(null);
  const retry = () => {
    setState('running');
    setBytes(0);
    setError(null);
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    const contentType = file.type || 'application/octet-stream';
    // The download keeps the editor's file name (not the object's stamped one), in both storage modes.
    const t = uploadBytesResumable(storageRef(storage, path), file, {
      contentType,
      contentDisposition: uploadDisposition(file.name, contentType),
    });
    task.current = t;
    const stop = t.on(
      'state_changed',
      (snap) => {
        // Shown progress only moves forward: after a pause or a retried chunk the SDK may report
        // fewer bytes than before while it re-reads the server's offset.
        setBytes((shown) => Math.max(shown, snap.bytesTransferred));
        setState(snap.state);
        if (snap.state !== 'paused') setResumeAsked(false);
        // Paused (the SDK says so once no request of the task is in flight any more).
        if (snap.state === 'paused') onPaused?.();
      },
      (err) => {
        const canceled = (err as { code?: string }).code === 'storage/canceled';
        setState(canceled ? 'canceled' : 'error');
        setError(storageErrorMessage(err));
        onFinished?.(canceled ? 'canceled' : 'error');
      },
      () => {
        setState('success');
        void getDownloadURL(t.snapshot.ref).then((url) => {
          const meta = t.snapshot.metadata;
          onDone({
            path: meta.fullPath,
            name: file.name,
            contentType: meta.contentType ?? file.type,
            size: meta.size,
            url: fileRefUrl(url),
          });
          onFinished?.('success');
        });
      },
    );
    return () => {
      stop();
    };
    // The upload starts once per file and path, and again on «Спробувати ще раз».
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, path, storage, attempt]);

  /** Cancels a running or paused upload (the SDK cancels only a running task: a paused one is resumed first). */
  const cancel = () => {
    const t = task.current;
    if (t?.snapshot.state === 'paused') t.resume();
    t?.cancel();
  };
  return { state, bytes, error, task, retry, cancel, resumeAsked, askResume: () => setResumeAsked(true) };
}

const LABELS = {
  running: 'Завантаження',
  paused: 'Призупинено',
  queued: 'У черзі',
  success: 'Завантажено',
  canceled: 'Скасовано',
  error: 'Помилка',
};

export function UploadProgress({
  onRetry,
  onResume,
  waiting = false,
  ...options
}: UploadTaskOptions & {
  /** Called when a failed upload is started again («Спробувати ще раз»). */
  onRetry?: () => void;
  /** Called when the editor asks a paused upload to continue («Продовжити»). */
  onResume?: () => void;
  /** The queue keeps this upload paused until a slot frees (shown «У черзі»); it resumes once false. */
  waiting?: boolean;
}) {
  const { file } = options;
  const { state, bytes, error, task, retry, cancel, resumeAsked, askResume } = useUploadTask(options);
  useEffect(() => {
    if (resumeAsked && !waiting) task.current?.resume();
  }, [resumeAsked, waiting, task]);

  const shown = state === 'paused' && resumeAsked ? (waiting ? 'queued' : 'running') : state;
  const percent = file.size ? Math.round((bytes / file.size) * 100) : 100;
  const live = state === 'running' || state === 'paused';
  return (
    <UploadRow
      file={file}
      status={`${LABELS[shown]}: ${formatBytes(bytes)} з ${formatBytes(file.size)} (${percent}%)`}
      onCancel={live ? cancel : undefined}
    >
      <Progress
        value={percent}
        mt={4}
        aria-label={`Прогрес ${file.name}`}
        color={state === 'error' ? 'red' : state === 'success' ? 'green' : 'blue'}
      />
      {error ? (
        <Text size="sm" c="red" role="alert" mt={4}>
          {error}
        </Text>
      ) : null}
      {shown === 'running' || shown === 'paused' ? (
        <Group gap="xs" mt={6}>
          {shown === 'running' ? (
            <Button size="compact-xs" variant="default" onClick={() => task.current?.pause()}>
              Пауза
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                askResume();
                onResume?.();
              }}
            >
              Продовжити
            </Button>
          )}
        </Group>
      ) : null}
      {state === 'error' ? (
        <Button
          size="compact-xs"
          variant="default"
          mt={6}
          onClick={() => {
            retry();
            onRetry?.();
          }}
        >
          Спробувати ще раз
        </Button>
      ) : null}
    </UploadRow>
  );
}
