/**
 * The official firebase SDK set up for both backends: in embedded mode pointed at this server with
 * connectAuthEmulator (the server answers as Firebase Authentication does); in firebase mode at
 * Google, or at the Auth emulator the page's config names (`emulators.auth`, local work only).
 * Sign-in persistence is tried in the spec's order: IndexedDB, local storage, session storage.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { PublicConfig } from '../../shared/publicConfig';

let auth: Auth | undefined;

export function firebaseApp(config: PublicConfig): FirebaseApp {
  return getApps().length ? getApp() : initializeApp(config.firebase);
}

/** The Auth instance (created once per page). */
export function firebaseAuth(config: PublicConfig): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(config), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  // Firebase's own mails, pages and messages in Ukrainian (the embedded server ignores it).
  auth.languageCode = 'uk';
  const emulator = config.backend === 'embedded' ? window.location.origin : config.emulators.auth;
  if (emulator) connectAuthEmulator(auth, emulator, { disableWarnings: true });
  return auth;
}
