/**
 * Configuration the server hands the browser in the page's data block (`config` of `__APP_DATA__`,
 * read by the client's `lib/appData.ts`; the same firebase web config is served at
 * /__/firebase/init.json). Shared: the server builds it, the client reads it.
 */

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
  /**
   * How the login page asks for a sign-in link: `sdk` (sendSignInLinkToEmail: embedded with SMTP, or
   * firebase mode without SMTP, where Firebase mails it), `server` (firebase mode with SMTP: POST
   * /api/__emailLink), or null when sign-in by link is off (AUTH_EMAIL_LINK, or no mail at all).
   */
  emailLink: 'sdk' | 'server' | null;
  /** Single sign-on through the institute's OpenID Connect provider: the button's label, or null when not configured. */
  sso: { label: string } | null;
  /** reCAPTCHA Enterprise site key of Firebase App Check (firebase mode), or null. */
  appCheckSiteKey: string | null;
  /**
   * Firebase mode against local emulators (FIREBASE_AUTH_EMULATOR_HOST, STORAGE_EMULATOR_HOST; never
   * in production): their `http://host:port` origins, for connectAuthEmulator and
   * connectStorageEmulator; null each when unset and always in embedded mode.
   */
  emulators: { auth: string | null; storage: string | null };
}
