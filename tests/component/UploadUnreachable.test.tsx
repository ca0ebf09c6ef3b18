/**
 * An upload that can never reach storage (firebase mode whose Storage emulator is a loopback port
 * nothing listens on): the admin's firebase/storage instance (lib/storage.ts) bounds the SDK's retries,
 * so the upload fails with a Ukrainian message instead of sitting at 0% for the SDK's 10 minutes, and
 * «Спробувати ще раз» starts it again. Normal uploads stay as UploadProgress.test.tsx checks them.
 */
import { File as NodeFile } from 'node:buffer';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteApp, getApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadProgress } from '../../src/client/admin/media/UploadProgress';
import { firebaseStorage, UPLOAD_RETRY_MS } from '../../src/client/lib/storage';
import type { PublicConfig } from '../../src/shared/publicConfig';
import { freePort } from '../support/freePort';
import { renderAdmin } from './render';

const MESSAGE = /^Не вдалося зв’язатися зі сховищем файлів: сервер не відповідає/;
let deadOrigin: string;

beforeAll(async () => {
  deadOrigin = `http://127.0.0.1:${await freePort()}`; // nothing listens there
});
afterAll(async () => {
  await deleteApp(getApp());
});

function config(): PublicConfig {
  return {
    supportEmail: 'support@uhmi.example.org',
    buildId: 'test',
    backend: 'firebase',
    firebase: {
      apiKey: 'demo-uhmi-web-api-key',
      authDomain: 'demo-uhmi.firebaseapp.com',
      projectId: 'demo-uhmi',
      storageBucket: 'demo-uhmi.appspot.com',
      appId: '1:000000000000:web:demo-uhmi',
      messagingSenderId: '000000000000',
    },
    origin: 'http://localhost',
    authProviders: [],
    emailLink: null,
    sso: null,
    appCheckSiteKey: null,
    emulators: { auth: null, storage: deadOrigin },
  };
}

describe('an upload to storage that cannot be reached', () => {
  it('fails with a Ukrainian message after the bounded retry time, and can be tried again', async () => {
    const storage = firebaseStorage(config());
    // The admin's instance gives up after a minute, not the SDK's default 10 minutes.
    expect(storage.maxUploadRetryTime).toBe(UPLOAD_RETRY_MS);
    expect(UPLOAD_RETRY_MS).toBeLessThanOrEqual(60_000);
    storage.maxUploadRetryTime = 1500; // the same SDK path, shortened for the test
    const user = userEvent.setup();
    const file = new NodeFile([Buffer.alloc(14 * 1024, 1)], 'cover.png', { type: 'image/png' }) as unknown as File;
    const onFinished = vi.fn();
    renderAdmin(
      <UploadProgress
        storage={storage}
        file={file}
        path="public/news/cover.png"
        onDone={vi.fn()}
        onFinished={onFinished}
      />,
    );
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveProperty(
      'textContent',
      expect.stringMatching(MESSAGE),
    );
    expect(screen.getByText(/^Помилка:/)).toBeTruthy();
    expect(onFinished).toHaveBeenCalledWith('error');

    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText(/^Завантаження:/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(onFinished).toHaveBeenCalledTimes(2);
  });
});
