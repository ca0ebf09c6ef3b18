/**
 * The upload component (issue 15, item 5) driving the real firebase/storage SDK against the real
 * embedded server on loopback, signed in as an editor: the progress shown only moves forward,
 * pause and resume follow the task, and the finished upload hands back a link that serves the bytes.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileRef } from '../../src/shared/content/fields';
import { UploadProgress } from '../../src/client/admin/media/UploadProgress';
import { disposeAuthClients } from '../integration/firebaseClient';
import { storageClient } from '../security/helpers';
import { startTestServer, type TestServer } from '../integration/helpers';
import { renderAdmin } from './render';

// The SDK runs on Node's fetch here, which sends Node's Blob (jsdom's is a different class).
globalThis.Blob = NodeBlob as unknown as typeof Blob;
globalThis.File = NodeFile as unknown as typeof File;

const EDITOR = { email: 'upload-editor@uhmi.example.org', password: 'editor-password-1' };
let server: TestServer;
let origin: string;
let storage: FirebaseStorage;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  origin = await server.listen();
  await server.identity.createAccount({ ...EDITOR, role: 'editor' });
  storage = await storageClient(origin, server.config.firebase.storageBucket, EDITOR);
});

afterAll(async () => {
  await disposeAuthClients();
  await server?.dispose();
});

/** Every percentage the component announces, in order (read from its live region as it changes). */
function recordPercents(): { values: number[]; stop: () => void } {
  const values: number[] = [];
  const read = () => {
    const text = document.querySelector('[aria-live="polite"]')?.textContent ?? '';
    const m = /\((\d+)%\)/.exec(text);
    if (m && values.at(-1) !== Number(m[1])) values.push(Number(m[1]));
  };
  const observer = new MutationObserver(read);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { values, stop: () => observer.disconnect() };
}

describe('UploadProgress', () => {
  it('uploads a file in chunks with progress that only moves forward, then links the stored bytes', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const file = new NodeFile([bytes], 'archive-sample.bin', { type: 'application/octet-stream' }) as unknown as File;
    const onDone = vi.fn<(ref: FileRef) => void>();
    const onFinished = vi.fn();
    const percents = recordPercents();
    renderAdmin(
      <UploadProgress
        storage={storage}
        file={file}
        path="public/data_repo/archive-sample.bin"
        onDone={onDone}
        onFinished={onFinished}
      />,
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce(), { timeout: 20_000 });
    percents.stop();
    expect(screen.getByText(/Завантажено: 3(,0)? МБ з 3(,0)? МБ \(100%\)/)).toBeTruthy();
    expect(onFinished).toHaveBeenCalledWith('success');
    expect(percents.values.at(-1)).toBe(100);
    expect(percents.values.length).toBeGreaterThan(1);
    for (let i = 1; i < percents.values.length; i++)
      expect(percents.values[i]).toBeGreaterThanOrEqual(percents.values[i - 1]!);
    const ref = onDone.mock.calls[0]![0];
    expect(ref).toMatchObject({
      path: 'public/data_repo/archive-sample.bin',
      name: 'archive-sample.bin',
      size: bytes.length,
    });
    const served = await fetch(new URL(ref.url, origin));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('keeps its progress through pause and resume, and finishes the upload', async () => {
    const user = userEvent.setup();
    const bytes = randomBytes(12 * 1024 * 1024);
    const file = new NodeFile([bytes], 'resumed.bin', { type: 'application/octet-stream' }) as unknown as File;
    const onDone = vi.fn<(ref: FileRef) => void>();
    const percents = recordPercents();
    renderAdmin(<UploadProgress storage={storage} file={file} path="public/docs/resumed.bin" onDone={onDone} />);
    await waitFor(() => expect(percents.values.at(-1) ?? 0).toBeGreaterThan(0), { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Пауза' }));
    await screen.findByText(/^Призупинено:/);
    await user.click(screen.getByRole('button', { name: 'Продовжити' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce(), { timeout: 30_000 });
    percents.stop();
    expect(percents.values.at(-1)).toBe(100);
    for (let i = 1; i < percents.values.length; i++)
      expect(percents.values[i], `after ${percents.values.slice(0, i).join(', ')}`).toBeGreaterThanOrEqual(
        percents.values[i - 1]!,
      );
    const served = await fetch(new URL(onDone.mock.calls[0]![0].url, origin));
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('cancels with its button and a Ukrainian message, handing back no file', async () => {
    const user = userEvent.setup();
    const file = new NodeFile([randomBytes(8 * 1024 * 1024)], 'large.bin', {
      type: 'application/octet-stream',
    }) as unknown as File;
    const onDone = vi.fn();
    const onFinished = vi.fn();
    renderAdmin(
      <UploadProgress
        storage={storage}
        file={file}
        path="public/docs/large.bin"
        onDone={onDone}
        onFinished={onFinished}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('canceled'));
    expect(screen.getByText(/^Скасовано:/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/[А-Яа-яІіЇїЄє]/);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Пауза' })).toBeNull();
  });
});
