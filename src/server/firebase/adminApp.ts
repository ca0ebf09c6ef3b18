/**
 * The one firebase-admin app of a Firebase project in this process, shared by identity (Firebase
 * Auth) and the document store (Cloud Firestore) in firebase mode. Emulators are chosen by
 * firebase-admin itself from FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST.
 *
 * Credentials: outside the emulators, Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS
 * pointing at a service-account key file, or the runtime's service account on Google Cloud).
 */
import { applicationDefault, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** The app named `uhmi-{projectId}`, created on first use. */
export function firebaseAdminApp(projectId: string): App {
  const name = `uhmi-${projectId}`;
  const existing = getApps().find((a) => a.name === name);
  if (existing) return existing;
  const emulated = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
  return initializeApp(emulated ? { projectId } : { projectId, credential: applicationDefault() }, name);
}

/** Firestore of that app (one client per app; never terminated by a server's close, as other users may share it). */
export function firebaseFirestore(projectId: string): Firestore {
  return getFirestore(firebaseAdminApp(projectId));
}
