/**
 * Firebase App Check in the admin (firebase mode, when APP_CHECK_SITE_KEY is configured): requests to
 * Firebase services carry an attestation from reCAPTCHA Enterprise, so enforcement can be switched on
 * in the console (DEPLOY.md). Loaded on its own chunk only when a key is configured.
 */
import type { FirebaseApp } from 'firebase/app';
import { initializeAppCheck, ReCaptchaEnterpriseProvider } from 'firebase/app-check';

/** Initialises App Check once for the app, refreshing its token automatically. */
export function startAppCheck(app: FirebaseApp, siteKey: string): void {
  initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
}
