/**
 * For component tests of the admin's file fields: a real embedded server on loopback (no seed) and
 * an editor's signed-in firebase/storage client, started before the file's tests and stopped after.
 * The test file keeps its own `vi.mock` of `src/client/lib/storage` (mocks are hoisted per file) and
 * passes the hoisted holder the mock reads, which this fills with the client.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { list, ref, type FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll } from 'vitest';
import type { AdminContextValue } from '../../src/client/admin/context';
import { disposeAuthClients } from '../integration/firebaseClient';
import { startTestServer, type TestServer } from '../integration/helpers';
import { storageClient } from '../security/helpers';

/** The admin context the fields read (they use none of it beyond its presence). */
export const FIELD_ADMIN = { config: {}, auth: {}, session: {} } as unknown as AdminContextValue;

/** Starts the server and signs `email` in as an editor into `holder.storage`; returns `storedNames(folder)`. */
export function useStorageEditor(
  email: string,
  holder: { storage: FirebaseStorage | null },
): { storedNames: (folder: string) => Promise<string[]> } {
  // The SDK runs on Node's fetch here, which sends Node's Blob (jsdom's is a different class).
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  globalThis.File = NodeFile as unknown as typeof File;
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ SEED: 'false' });
    const origin = await server.listen();
    const editor = { email, password: 'editor-password-1' };
    await server.identity.createAccount({ ...editor, role: 'editor' });
    holder.storage = await storageClient(origin, server.config.firebase.storageBucket, editor);
  });
  afterAll(async () => {
    await disposeAuthClients();
    await server?.dispose();
  });
  return {
    storedNames: async (folder) => (await list(ref(holder.storage!, folder))).items.map((i) => i.name),
  };
}
