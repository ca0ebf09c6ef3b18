/**
 * A published dataset version's files stay frozen after the dataset leaves the site: saved as a
 * draft, unpublished in bulk, or deleted and brought back, the admin API still refuses other files
 * for a version visitors and harvesters have seen (the Ukrainian message on field `files`), and the
 * stored files stay as they were. Real server on a loopback port, real SQLite, the admin's tRPC
 * over HTTP with a session cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../../src/shared/content/fields';
import { frozenFilesMessage } from '../../src/shared/content/datasetVersionRule';
import { startTestServer, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'freeze-admin-pass-1' };
/** The seeded dataset whose files the new datasets borrow (stored objects of the embedded storage). */
const SEEDED = 'data-climuasd-stn-v2';

interface Dataset {
  id: string;
  version: number;
  status: string;
  datasetVersion: string;
  files: FileRef[];
  versions: Array<{ version: string; files: FileRef[] }>;
  frozenVersions?: string[];
  [field: string]: unknown;
}

interface Answer {
  status: number;
  data: unknown;
  code?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

let server: TestServer;
let origin: string;
let cookie: string;
let seededFiles: FileRef[];

/** A tRPC call over HTTP as the signed-in admin. */
async function call(kind: 'query' | 'mutation', procedure: string, input: unknown): Promise<Answer> {
  const encoded = JSON.stringify({ json: input });
  const res =
    kind === 'query'
      ? await fetch(`${origin}/api/trpc/${procedure}?input=${encodeURIComponent(encoded)}`, { headers: { cookie } })
      : await fetch(`${origin}/api/trpc/${procedure}`, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': 'application/json' },
          body: encoded,
        });
  const body = (await res.json()) as {
    result?: { data?: { json?: unknown } };
    error?: {
      json?: { message?: string; data?: { code?: string; zodError?: { fieldErrors?: Record<string, string[]> } } };
    };
  };
  return {
    status: res.status,
    data: body.result?.data?.json,
    code: body.error?.json?.data?.code,
    message: body.error?.json?.message,
    fieldErrors: body.error?.json?.data?.zodError?.fieldErrors,
  };
}

async function signIn(): Promise<string> {
  const key = server.config.firebase.apiKey;
  const res = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, returnSecureToken: true }),
  });
  const { idToken } = (await res.json()) as { idToken: string };
  const session = await fetch(`${origin}/api/__session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token: idToken }),
  });
  return `__session=${/__session=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')![1]!}`;
}

async function adminGet(id: string): Promise<Dataset> {
  const res = await call('query', 'adminContent.dataRepo.get', { id });
  expect(res.status, res.message).toBe(200);
  return res.data as Dataset;
}

/** Saves `changes` over the dataset at its current revision, as the admin form would. */
function save(doc: Dataset, changes: Record<string, unknown>): Promise<Answer> {
  const { id, version, createdAt: _c, updatedAt: _u, publicPath: _p, ...rest } = doc;
  return call('mutation', 'adminContent.dataRepo.update', { id, version, data: { ...rest, ...changes } });
}

/** Creates a dataset with version «1.0»: published with the seeded dataset's files unless `data` says otherwise. */
async function createDataset(slug: string, data: Record<string, unknown> = {}): Promise<Dataset> {
  const res = await call('mutation', 'adminContent.dataRepo.create', {
    data: { title: `Набір ${slug}`, slug, status: 'published', datasetVersion: '1.0', files: seededFiles, ...data },
  });
  expect(res.status, res.message).toBe(200);
  return res.data as Dataset;
}

const createPublished = (slug: string) => createDataset(slug);

/** Expects the refusal of other files for «1.0» and the stored files unchanged. */
async function expectRefused(res: Answer, id: string): Promise<void> {
  expect(res.status).toBe(412);
  expect(res.code).toBe('PRECONDITION_FAILED');
  expect(res.message).toBe(frozenFilesMessage('1.0'));
  expect(res.fieldErrors?.['data.files']).toEqual([frozenFilesMessage('1.0')]);
  expect((await adminGet(id)).files).toEqual(seededFiles);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  origin = await server.listen();
  cookie = await signIn();
  seededFiles = (await adminGet(SEEDED)).files.slice(0, 1);
  expect(seededFiles).toHaveLength(1);
});
afterAll(async () => {
  await server.dispose();
});

describe("a published version's files stay frozen once the dataset leaves the site", () => {
  it('saved as a draft, the dataset refuses other files for it, and publishing again does not help', async () => {
    const created = await createPublished('freeze-draft');
    const draftSaved = await save(created, { status: 'draft' });
    expect(draftSaved.status, draftSaved.message).toBe(200);
    const draft = draftSaved.data as Dataset;
    expect(draft.status).toBe('draft');
    await expectRefused(await save(draft, { files: [] }), draft.id);
    // The client cannot unfreeze by sending the remembered list emptied.
    await expectRefused(await save(draft, { files: [], frozenVersions: [] }), draft.id);
    await expectRefused(await save(draft, { status: 'published', files: [] }), draft.id);
    expect((await adminGet(draft.id)).version).toBe(draft.version);
  });

  it('keeps what it remembers out of the public answer', async () => {
    const created = await createPublished('freeze-public');
    const saved = await save(created, { summary: 'Оновлений опис набору' });
    expect(saved.status, saved.message).toBe(200);
    expect((saved.data as Dataset).frozenVersions).toEqual(['1.0']);
    const publicAnswer = await call('query', 'dataRepo.get', { idOrSlug: 'freeze-public' });
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.data).toMatchObject({ slug: 'freeze-public', datasetVersion: '1.0' });
    expect(publicAnswer.data).not.toHaveProperty('frozenVersions');
    expect(
      (await call('query', 'dataRepo.get', { idOrSlug: 'freeze-public', fields: ['frozenVersions'] })).status,
    ).toBe(400);
  });

  it('unpublished in bulk, the dataset refuses other files for it', async () => {
    const created = await createPublished('freeze-bulk');
    const bulk = await call('mutation', 'adminContent.dataRepo.bulk', { ids: [created.id], action: 'unpublish' });
    expect(bulk.data).toEqual({ done: 1, failed: [] });
    const draft = await adminGet(created.id);
    expect(draft.status).toBe('draft');
    await expectRefused(await save(draft, { files: [] }), draft.id);
  });

  it('deleted and brought back as a draft, the dataset refuses other files for it', async () => {
    const created = await createPublished('freeze-undelete');
    const removed = await call('mutation', 'adminContent.dataRepo.delete', {
      id: created.id,
      version: created.version,
    });
    expect(removed.status, removed.message).toBe(200);
    const back = await call('mutation', 'adminContent.dataRepo.undelete', { id: created.id });
    expect(back.status, back.message).toBe(200);
    const draft = back.data as Dataset;
    expect(draft.status).toBe('draft');
    await expectRefused(await save(draft, { files: [] }), draft.id);
  });

  it('a restored earlier revision cannot bring back other files for the published version', async () => {
    const draft = await createDataset('freeze-restore', { status: 'draft', files: [] });
    // Revision 1: a draft without files; revision 2: published with files; revision 3: a draft again.
    const published = (await save(draft, { status: 'published', files: seededFiles })).data as Dataset;
    const unpublished = (await save(published, { status: 'draft' })).data as Dataset;
    const restored = await call('mutation', 'adminContent.dataRepo.restore', {
      id: draft.id,
      revision: 1,
      version: unpublished.version,
    });
    await expectRefused(restored, draft.id);
  });

  it('a never-published draft changes its files freely, and a new version after unpublishing may too', async () => {
    // A client cannot freeze a version either: the server keeps the field, not the input.
    const draft = await createDataset('freeze-free', { status: 'draft', frozenVersions: ['1.0'] });
    expect(draft.frozenVersions).toEqual([]);
    const emptied = await save(draft, { files: [] });
    expect(emptied.status, emptied.message).toBe(200);
    expect((emptied.data as Dataset).files).toEqual([]);

    const created = await createPublished('freeze-next');
    const unpublished = (await save(created, { status: 'draft' })).data as Dataset;
    const next = await save(unpublished, { datasetVersion: '2.0', files: [] });
    expect(next.status, next.message).toBe(200);
    const stored = await adminGet(created.id);
    expect(stored.files).toEqual([]);
    expect(stored.versions.find((v) => v.version === '1.0')?.files).toEqual(seededFiles);
  });
});
