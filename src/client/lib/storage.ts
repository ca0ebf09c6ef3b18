/**
 * firebase/storage set up for both backends: in embedded mode pointed at this server with
 * connectStorageEmulator, which always speaks plain http — so when the site itself is served over
 * https, one isolated switch (switchToHttpsWhenServedOverHttps) moves the storage instance to https.
 * In firebase mode: Google, or the Storage emulator the page's config names (`emulators.storage`).
 */
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { firebaseApp } from './firebase';
import type { PublicConfig } from '../../shared/publicConfig';

let storage: FirebaseStorage | undefined;

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
