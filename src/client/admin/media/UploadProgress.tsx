/**
 * The reusable upload component: uploads one file with the SDK's resumable task and shows a
 * progress bar with bytes and percent, and pause / resume / cancel buttons that follow the task's
 * state (running, paused, success, canceled, error). Errors get Ukrainian messages; a failed upload
 * (storage unreachable, say: `storage/retry-limit-exceeded` after lib/storage.ts's retry time) can be
 * started again with «Спробувати ще раз».
 */
import { Button, Group, Progress, Text } from '@mantine/core';
import { getDownloadURL, uploadBytesResumable, type FirebaseStorage, type UploadTask } from 'firebase/storage';
import { ref as storageRef } from 'firebase/storage';
import { useEffect, useRef, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { uploadDisposition } from '../../../shared/contentDisposition';
import { storageErrorMessage } from '../../../shared/storageErrors';
import { formatBytes } from '../../lib/files';
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

export function UploadProgress({
  storage,
  file,
  path,
  onDone,
  onFinished,
  onRetry,
}: {
  storage: FirebaseStorage;
  file: File;
  /** Full object name. */
  path: string;
  onDone: (ref: FileRef) => void;
  /** Called once the task ends whatever the outcome. */
  onFinished?: (state: UploadState) => void;
  /** Called when a failed upload is started again («Спробувати ще раз»). */
  onRetry?: () => void;
}) {
  const [state, setState] = useState<UploadState>('running');
  const [bytes, setBytes] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const task = useRef<UploadTask | null>(null);
  const retry = () => {
    setState('running');
    setBytes(0);
    setError(null);
    setAttempt((n) => n + 1);
    onRetry?.();
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

  const percent = file.size ? Math.round((bytes / file.size) * 100) : 100;
  const label = {
    running: 'Завантаження',
    paused: 'Призупинено',
    success: 'Завантажено',
    canceled: 'Скасовано',
    error: 'Помилка',
  }[state];
  return (
    <div role="group" aria-label={`Завантаження ${file.name}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} truncate maw={360}>
          {file.name}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {label}: {formatBytes(bytes)} з {formatBytes(file.size)} ({percent}%)
        </Text>
      </Group>
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
      {state === 'running' || state === 'paused' ? (
        <Group gap="xs" mt={6}>
          {state === 'running' ? (
            <Button size="compact-xs" variant="default" onClick={() => task.current?.pause()}>
              Пауза
            </Button>
          ) : (
            <Button size="compact-xs" variant="default" onClick={() => task.current?.resume()}>
              Продовжити
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => task.current?.cancel()}>
            Скасувати
          </Button>
        </Group>
      ) : null}
      {state === 'error' ? (
        <Button size="compact-xs" variant="default" mt={6} onClick={retry}>
          Спробувати ще раз
        </Button>
      ) : null}
    </div>
  );
}
