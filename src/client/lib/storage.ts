/**
 * firebase/storage set up for both backends: in embedded mode pointed at this server with
 * connectStorageEmulator, which always speaks plain http — so when the site itself is served over
 * https, one isolated switch (switchToHttpsWhenServedOverHttps) moves the storage instance to https.
 * In firebase mode: Google, or the Storage emulator the page's config names (`emulators.storage`).
 *
 * Retries: the SDK retries a request that gets no answer (no such host, connection refused) with
 * backoff (1 s doubling to 64 s) until `maxUploadRetryTime` (default 10 min) has passed since it
 * started, then fails the task with `storage/retry-limit-exceeded`; an answered request still in
 * flight is not cut off. So an unreachable storage would show 0% for 10 minutes: uploads here give
 * up after UPLOAD_RETRY_MS instead (the editor sees why and may retry; UploadProgress.tsx).
 */
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { firebaseApp } from './firebase';
import type { PublicConfig } from '../../shared/publicConfig';

let storage: FirebaseStorage | undefined;

/** How long an upload request keeps retrying without an answer from storage, in milliseconds. */
export const UPLOAD_RETRY_MS = 60_000;

/**
 * connectStorageEmulator sets `_protocol = 'http'` (firebase/storage's FirebaseStorageImpl); a site
 * served over https must talk to its own storage endpoints over https too, or the browser blocks
 * the requests as mixed content. Returns whether it switched.
 */
export function switchToHttpsWhenServedOverHttps(instance: FirebaseStorage, pageProtocol: string): boolean {
  if (pageProtocol !== 'https:') return false;
  (instance as unknown as { _protocol: string })._protocol = 'https';
  return true;
}

export function firebaseStorage(config: PublicConfig): FirebaseStorage {
  if (storage) return storage;
  storage = getStorage(firebaseApp(config));
  storage.maxUploadRetryTime = UPLOAD_RETRY_MS;
  if (config.backend === 'embedded') {
    const { hostname, port, protocol } = window.location;
    connectStorageEmulator(storage, hostname, Number(port || (protocol === 'https:' ? 443 : 80)));
    switchToHttpsWhenServedOverHttps(storage, protocol);
  } else if (config.emulators.storage) {
    const { hostname, port } = new URL(config.emulators.storage);
    connectStorageEmulator(storage, hostname, Number(port || 80));
  }
  return storage;
}
