/**
 * The dataset version freeze in both stores: a version that was live keeps its files after the
 * dataset is saved as a draft, unpublished in bulk, or deleted and brought back (the admin service
 * over SQLite and over the Firestore emulator), including a scheduled publication that went live by
 * the clock with no write at its publication time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentAdminService, type Actor } from '../../src/server/content/admin';
import { PreconditionError } from '../../src/server/content/errors';
import { ContentService } from '../../src/server/content/service';
import type { ApiDocument } from '../../src/server/content/service';
import type { DocumentStore } from '../../src/server/store/port';
import { frozenFilesMessage } from '../../src/shared/content/datasetVersionRule';
import { backends } from './stores';

const ADMIN: Actor = { uid: 'admin-1', email: 'admin@uhmi.example.org', role: 'admin' };
const file = (name: string) => ({
  path: `public/data_repo/${name}`,
  name,
  contentType: 'text/csv',
  size: 3,
  url: `/v0/b/b/o/public%2Fdata_repo%2F${name}?alt=media&token=t`,
});
const FILES = [file('v1.csv')];

describe.each(backends)('dataset version freeze ($name)', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;
  let now = new Date('2026-06-15T09:00:00Z');
  let admin: ContentAdminService;

  beforeAll(async () => {
    ({ store, dispose } = await backend.open());
    admin = new ContentAdminService(new ContentService(store, () => now));
  });
  afterAll(async () => {
    await dispose();
  });

  const create = (slug: string, publishedAt: string | null = null) =>
    admin.create(
      'dataRepo',
      { title: `Набір ${slug}`, slug, status: 'published', publishedAt, datasetVersion: '1.0', files: FILES },
      ADMIN,
    );
  /** `doc` saved with `changes` as the admin form would (its own fields sent back). */
  const save = (doc: ApiDocument, changes: Record<string, unknown>) => {
    const { id, version, createdAt: _c, updatedAt: _u, ...data } = doc;
    return admin.update('dataRepo', id, version, { ...data, ...changes }, ADMIN);
  };
  /** Expects other files for «1.0» refused with the Ukrainian message, and the stored files as they were. */
  const expectFrozen = async (doc: ApiDocument) => {
    const refused = await save(doc, { files: [], frozenVersions: [] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PreconditionError);
    expect((refused as PreconditionError).message).toBe(frozenFilesMessage('1.0'));
    expect((await admin.get('dataRepo', doc.id)).files).toEqual(FILES);
  };

  it('saved as a draft', async () => {
    const draft = await save(await create('draft'), { status: 'draft' });
    expect(draft.frozenVersions).toEqual(['1.0']);
    await expectFrozen(draft);
  });

  it('unpublished in bulk, after a scheduled publication went live by the clock', async () => {
    const scheduled = await create('bulk', '2026-06-15T10:00:00.000Z');
    now = new Date('2026-06-15T10:00:01Z');
    expect(await admin.bulk('dataRepo', [scheduled.id], 'unpublish', ADMIN)).toEqual({ done: 1, failed: [] });
    await expectFrozen(await admin.get('dataRepo', scheduled.id));
  });

  it('deleted and brought back as a draft', async () => {
    const live = await create('undelete');
    await admin.delete('dataRepo', live.id, { version: live.version }, ADMIN);
    const back = await admin.undelete('dataRepo', live.id, ADMIN);
    expect(back.status).toBe('draft');
    await expectFrozen(back);
  });
});
