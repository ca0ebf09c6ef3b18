/**
 * firebase-tools' Cloud Storage for Firebase emulator, run in this process without its Java part.
 *
 * `firebase emulators:start --only storage` needs Java 21 (firebase-tools 15 refuses older Javas),
 * which these machines lack (they have 17). The emulator's HTTP server — the Cloud Storage JSON API
 * that @google-cloud/storage (firebase-admin) speaks and the Firebase API that download URLs use —
 * is Node code in firebase-tools; only the Security Rules runtime is a Java program. This starts
 * that Node server (`createApp` of firebase-tools' StorageEmulator) on a free loopback port with a
 * stand-in ruleset that denies every rules-checked request: the admin API needs no rules, and a
 * download URL with its object's token is allowed before the rules are asked, so what is left to
 * the rules (requests without a token or with a wrong one) is refused, as `storage.rules` refuses
 * it outside `public/`. These are internals of firebase-tools (lib/emulator/storage), so a new
 * version may move them; the contract suite then fails loudly rather than skipping.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

export interface InProcessStorageEmulator {
  /** `http://127.0.0.1:PORT`, what STORAGE_EMULATOR_HOST would be. */
  origin: string;
  stop(): Promise<void>;
}

/** The parts of firebase-tools' internals used here (they ship no types for them). */
interface StorageEmulator {
  _rulesManager: unknown;
  args: { port: number };
  reset(): void;
}
interface StorageModule {
  StorageEmulator: new (args: {
    projectId: string;
    host: string;
    port: number;
    auto_download: boolean;
  }) => StorageEmulator;
}
interface ServerModule {
  createApp: (projectId: string, emulator: StorageEmulator) => Promise<{ listen(port: number, host: string): Server }>;
}
interface RegistryModule {
  EmulatorRegistry: { set(name: 'storage', emulator: StorageEmulator): void; clear(name: 'storage'): void };
}

/** A stand-in ruleset answering every request the emulator asks its rules about alike. */
const ruleset = (permitted: boolean) => ({
  verify: () => Promise.resolve({ permitted, issues: { exist: () => false, all: [] } }),
});

/**
 * Starts the emulator; `rules: 'allowAll'` permits what the stand-in ruleset is asked (for a browser
 * test whose subject is not the rules), the default refuses it.
 */
export async function startStorageEmulatorInProcess(
  projectId = 'demo-uhmi',
  { rules = 'denyAll' }: { rules?: 'denyAll' | 'allowAll' } = {},
): Promise<InProcessStorageEmulator> {
  const { StorageEmulator } = require('firebase-tools/lib/emulator/storage/index.js') as StorageModule;
  const { createApp } = require('firebase-tools/lib/emulator/storage/server.js') as ServerModule;
  const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry.js') as RegistryModule;
  const emulator = new StorageEmulator({ projectId, host: '127.0.0.1', port: 0, auto_download: false });
  // In place of the rules manager that would run the Java rules runtime.
  emulator._rulesManager = {
    getRuleset: () => ruleset(rules === 'allowAll'),
    start: async () => {},
    stop: async () => {},
  };
  const app = await createApp(projectId, emulator);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  emulator.args.port = port;
  // The emulator builds its URLs (metadata links, bucket metadata) from the registry's host and port.
  EmulatorRegistry.set('storage', emulator);
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      EmulatorRegistry.clear('storage');
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      emulator.reset();
    },
  };
}

/**
 * A firebase-admin bucket (on an app of its own, project `demo-uhmi`) whose @google-cloud/storage
 * client talks to the emulator at `emulatorOrigin`: STORAGE_EMULATOR_HOST is read when the bucket is
 * made, so it is set only for that moment. `close` deletes the app.
 */
export async function emulatorBucket(emulatorOrigin: string, bucketName: string) {
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getStorage } = await import('firebase-admin/storage');
  const app = initializeApp({ projectId: 'demo-uhmi' }, `emulator-${randomBytes(4).toString('hex')}`);
  const previous = process.env.STORAGE_EMULATOR_HOST;
  process.env.STORAGE_EMULATOR_HOST = emulatorOrigin;
  try {
    return { bucket: getStorage(app).bucket(bucketName), close: () => deleteApp(app) };
  } finally {
    if (previous === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = previous;
  }
}
