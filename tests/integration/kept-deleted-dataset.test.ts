/**
 * The stored files of a deleted dataset's frozen versions stay protected: after a published
 * dataset is deleted in the admin, the embedded storage still refuses to delete its file (403 with
 * the Ukrainian «kept» message), also once the dataset is brought back as a draft, so undelete never
 * restores a frozen version pointing at missing bytes. A deleted draft that was never published
 * leaves its file free. Real server (no seed), real SQLite and storage, the admin's tRPC and the
 * storage REST API through Fastify's inject with a real session and ID token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_OBJECT_MESSAGE } from '../../src/server/storage/routes/context';
import { startTestServer, trpc, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'kept-admin-pass-1' };

interface Dataset {
  id: string;
  version: number;
  status: string;
}

let server: TestServer;
let cookie: string;
let idToken: string;

async function signIn(): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email: ADMIN.email, password: ADMIN.password, returnSecureToken: true },
  });
  idToken = res.json<{ idToken: string }>().idToken;
  const session = await server.app.inject({
    method: 'POST',
    url: '/api/__session',
    payload: { token: idToken },
    headers: { 'content-type': 'application/json' },
  });
  cookie = `__session=${/__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!}`;
}

/** Stores `public/data_repo/{slug}.csv` and creates a dataset «1.0» of that one file through the admin. */
async function createDataset(slug: string, status: 'published' | 'draft'): Promise<{ doc: Dataset; path: string }> {
  const bucket = server.config.firebase.storageBucket;
  const bytes = Buffer.from('date,t\n2026-01-01,1\n');
  const meta = await server.objects.putObject({
    bucket,
    name: `public/data_repo/${slug}.csv`,
    bytes,
    contentType: 'text/csv',
  });
  const file = {
    path: meta.name,
    name: `${slug}.csv`,
    size: bytes.length,
    contentType: 'text/csv',
    url: `/v0/b/${bucket}/o/${encodeURIComponent(meta.name)}?alt=media&token=${meta.downloadTokens}`,
  };
  const res = await trpc(
    server,
    'mutation',
    'adminContent.dataRepo.create',
    {
      data: {
        title: `Набір ${slug}`,
        slug,
        status,
        summary: 'Набір для перевірки.',
        datasetVersion: '1.0',
        files: [file],
      },
    },
    cookie,
  );
  expect(res.status, res.message).toBe(200);
  return { doc: res.data as Dataset, path: meta.name };
}

async function deleteDataset(doc: Dataset): Promise<void> {
  const res = await trpc(
    server,
    'mutation',
    'adminContent.dataRepo.delete',
    { id: doc.id, version: doc.version },
    cookie,
  );
  expect(res.status, res.message).toBe(200);
}

/** DELETE of a storage object as the signed-in admin would send it from the media library. */
const removeObject = (name: string) =>
  server.app.inject({
    method: 'DELETE',
    url: `/v0/b/${server.config.firebase.storageBucket}/o/${encodeURIComponent(name)}`,
    headers: { authorization: `Firebase ${idToken}` },
  });

async function expectKept(name: string): Promise<void> {
  const refused = await removeObject(name);
  expect(refused.statusCode).toBe(403);
  expect(refused.json<{ error: { message: string } }>().error.message).toBe(KEPT_OBJECT_MESSAGE);
  expect(await server.objects.getMetadata(server.config.firebase.storageBucket, name)).not.toBeNull();
}

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await signIn();
});
afterAll(async () => {
  await server.dispose();
});

describe("a deleted dataset's frozen files", () => {
  it('stay in storage while it is deleted and after it is brought back as a draft', async () => {
    const { doc, path } = await createDataset('kept-gone', 'published');
    await expectKept(path);
    await deleteDataset(doc);
    await expectKept(path);
    const back = await trpc(server, 'mutation', 'adminContent.dataRepo.undelete', { id: doc.id }, cookie);
    expect(back.status, back.message).toBe(200);
    expect((back.data as Dataset).status).toBe('draft');
    await expectKept(path);
  });

  it('are free when the deleted dataset was a draft never published', async () => {
    const { doc, path } = await createDataset('kept-draft', 'draft');
    await deleteDataset(doc);
    expect((await removeObject(path)).statusCode).toBe(204);
    expect(await server.objects.getMetadata(server.config.firebase.storageBucket, path)).toBeNull();
  });
});
