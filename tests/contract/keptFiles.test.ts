/**
 * KeptFiles (the storage's refusal to delete a published dataset version's files) follows the
 * clock: a dataset published for a later `publishedAt` becomes visible with no write, and its files
 * are protected then without any other dataset being edited. A deleted dataset that can be brought
 * back keeps the files of the versions live at its deletion. Real SQLite store, a movable clock,
 * the admin service for deletes and undeletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentAdminService, type Actor } from '../../src/server/content/admin';
import { ContentService } from '../../src/server/content/service';
import { KeptFiles } from '../../src/server/scholarly/keptFiles';
import type { DocumentStore } from '../../src/server/store/port';
import { contentTypes } from '../../src/shared/content/registry';
import { sqliteBackend } from './stores';

let now = new Date('2026-06-15T09:00:00Z');
let store: DocumentStore;
let dispose: () => Promise<void>;
let kept: KeptFiles;
let admin: ContentAdminService;

const ADMIN: Actor = { uid: 'admin-1', email: 'admin@uhmi.example.org', role: 'admin' };

const fileAt = (p: string) => ({
  path: p,
  name: p.split('/').pop()!,
  size: 3,
  url: `/x/${p}`,
  contentType: 'text/csv',
});
const dataset = (
  slug: string,
  status: string,
  publishedAt: string | null,
  path: string,
  frozenVersions: string[] = [],
) =>
  contentTypes.dataRepo.schema.parse({
    frozenVersions,
    title: `Набір ${slug}`,
    slug,
    status,
    publishedAt,
    summary: 'Набір для перевірки збережених файлів.',
    datasetVersion: '1.0',
    files: [fileAt(path)],
  });

beforeAll(async () => {
  ({ store, dispose } = await sqliteBackend.open());
  const content = new ContentService(store, () => now);
  kept = new KeptFiles(content);
  admin = new ContentAdminService(content);
  await store.create('dataRepo', dataset('live', 'published', null, 'public/data_repo/live.csv'));
  await store.create(
    'dataRepo',
    dataset('later', 'published', '2026-06-15T10:00:00.000Z', 'public/data_repo/later.csv'),
  );
  await store.create('dataRepo', dataset('draft', 'draft', null, 'public/data_repo/draft.csv'));
  // Published once, then saved as a draft: the rule remembered its version «1.0».
  await store.create('dataRepo', dataset('once', 'draft', null, 'public/data_repo/once.csv', ['1.0']));
});
afterAll(async () => {
  await dispose();
});

describe('KeptFiles', () => {
  it("protects a scheduled dataset's files once its publishedAt passes, with no write in between", async () => {
    expect(await kept.has('public/data_repo/live.csv')).toBe(true);
    now = new Date('2026-06-15T10:00:01Z'); // «later» is now visible; nothing was written
    expect(await kept.has('public/data_repo/later.csv')).toBe(true);
  });

  it('protects the files of a version a draft remembers as once published', async () => {
    expect(await kept.has('public/data_repo/once.csv')).toBe(true);
  });

  it("does not protect a draft's files or files no dataset holds", async () => {
    expect(await kept.has('public/data_repo/draft.csv')).toBe(false);
    expect(await kept.has('public/data_repo/other.csv')).toBe(false);
  });
});

describe('KeptFiles of deleted datasets', () => {
  /** Creates a dataset through the admin with one file at `public/data_repo/{slug}.csv`, then deletes it. */
  const createAndDelete = async (slug: string, status: string, publishedAt: string | null = null) => {
    const doc = await admin.create(
      'dataRepo',
      { ...dataset(slug, status, publishedAt, `public/data_repo/${slug}.csv`), frozenVersions: [] },
      ADMIN,
    );
    await admin.delete('dataRepo', doc.id, { version: doc.version }, ADMIN);
    return doc;
  };

  it("keeps a deleted published dataset's files, and still after it is brought back as a draft", async () => {
    const doc = await createAndDelete('gone', 'published');
    expect((await admin.deleted('dataRepo')).map((d) => d.id)).toContain(doc.id);
    expect(await kept.has('public/data_repo/gone.csv')).toBe(true);
    const back = await admin.undelete('dataRepo', doc.id, ADMIN);
    expect(back.status).toBe('draft');
    expect(await kept.has('public/data_repo/gone.csv')).toBe(true);
  });

  it('frees the files of a deleted draft that was never published, or scheduled past its deletion', async () => {
    await createAndDelete('gone-draft', 'draft');
    await createAndDelete('gone-scheduled', 'published', '2099-01-01T00:00:00.000Z');
    expect(await kept.has('public/data_repo/gone-draft.csv')).toBe(false);
    expect(await kept.has('public/data_repo/gone-scheduled.csv')).toBe(false);
  });
});
