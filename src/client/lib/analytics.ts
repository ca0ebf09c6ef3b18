/** Web analytics (Google Analytics through Firebase), loaded at start-up only when a measurement id is configured. */
import { initializeApp, getApps } from 'firebase/app';
import { getAnalytics, isSupported } from 'firebase/analytics';
import type { FirebaseWebConfig } from '../../shared/publicConfig';

export async function startAnalytics(config: FirebaseWebConfig): Promise<void> {
  try {
    if (!(await isSupported())) return;
    const app = getApps()[0] ?? initializeApp(config);
    getAnalytics(app);
  } catch (err) {
    console.warn('[analytics] not started', err);
  }
}
