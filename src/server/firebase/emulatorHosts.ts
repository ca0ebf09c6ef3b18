/**
 * The local Firebase emulators named by the environment, as firebase-admin and @google-cloud/storage
 * read them: FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST (`host:port`),
 * STORAGE_EMULATOR_HOST (`http://host:port` or `host:port`) or FIREBASE_STORAGE_EMULATOR_HOST
 * (`host:port`). Never allowed with NODE_ENV=production (config.ts refuses to start): with
 * FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts the emulator's unsigned ID tokens.
 */

/** The variables that point firebase-admin (server) and, through the page's config, the browser at an emulator. */
export const EMULATOR_HOST_VARIABLES = [
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIRESTORE_EMULATOR_HOST',
  'STORAGE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
] as const;

/** `host:port` (a name, IPv4 address or bracketed IPv6 address), as firebase-admin expects it. */
export const HOST_PORT = /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;

/** `http://host:port` of a `host:port` (FIREBASE_AUTH_EMULATOR_HOST), or undefined when unset. */
export function authEmulatorOrigin(env: { FIREBASE_AUTH_EMULATOR_HOST?: string }): string | undefined {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST;
  return host ? `http://${host}` : undefined;
}

/** Origin of the Storage emulator (STORAGE_EMULATOR_HOST, else FIREBASE_STORAGE_EMULATOR_HOST), no trailing slash; undefined when unset. */
export function storageEmulatorOrigin(env: {
  STORAGE_EMULATOR_HOST?: string;
  FIREBASE_STORAGE_EMULATOR_HOST?: string;
}): string | undefined {
  const emulator =
    env.STORAGE_EMULATOR_HOST ||
    (env.FIREBASE_STORAGE_EMULATOR_HOST ? `http://${env.FIREBASE_STORAGE_EMULATOR_HOST}` : '');
  if (!emulator) return undefined;
  return (/^https?:\/\//.test(emulator) ? emulator : `http://${emulator}`).replace(/\/+$/, '');
}
