/**
 * Configuration the server hands the browser in `window.__CONFIG__` (the same firebase web config
 * is served at /__/firebase/init.json).
 */
import type { SuperJSONResult } from 'superjson';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  measurementId?: string;
}

export interface PublicConfig {
  supportEmail: string;
  buildId: string;
  backend: 'embedded' | 'firebase';
  firebase: FirebaseWebConfig;
  /** Public origin for canonical links. */
  origin: string;
  /** OAuth providers offered on the login page (firebase mode). */
  authProviders: Array<'google' | 'facebook' | 'github' | 'twitter'>;
}

declare global {
  interface Window {
    __CONFIG__?: PublicConfig;
    /** The dehydrated react-query state, superjson-serialised (`{ json, meta }`), as a literal. */
    __RQ_STATE__?: SuperJSONResult;
  }
}
