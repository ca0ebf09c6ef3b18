/**
 * firestore.indexes.json against the queries the Firestore store really sends: the committed file
 * is what `npm run firestore:indexes` generates from the registry, and every query the public and
 * admin services send through the Firestore store (on the emulator, which enforces no index) needs
 * only indexes the file declares. firestore.rules denies every client.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminListInputSchema, adminSortFields, ADMIN_STATUSES } from '../../src/shared/content/adminInput';
import { isArrayField } from '../../src/shared/content/define';
import { contentTypeList } from '../../src/shared/content/registry';
import { ContentAdminService } from '../../src/server/content/admin';
import { ContentService } from '../../src/server/content/service';
import { missingIndexes, type IndexFile, type QueryShape } from '../../src/server/store/firestoreIndexes';
import { registryIndexFileText } from '../../src/server/store/registryIndexes';
import type { DocumentStore } from '../../src/server/store/port';
import { firestoreBackend } from './stores';

const committed = readFileSync('firestore.indexes.json', 'utf8');
const file = JSON.parse(committed) as IndexFile;

describe('firestore.indexes.json', () => {
  it('is what npm run firestore:indexes generates from the registry', async () => {
    expect(committed).toBe(await registryIndexFileText());
  });

  it('stays under Firestore’s limit of composite indexes per database', () => {
    // https://firebase.google.com/docs/firestore/quotas#indexes (1,000 per database).
    expect(file.indexes.length).toBeLessThanOrEqual(1000);
  });

  describe('covers every query the services send through the Firestore store', () => {
    const shapes: QueryShape[] = [];
    let store: DocumentStore;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ store, dispose } = await firestoreBackend.open({ onQuery: (shape) => shapes.push(shape) }));
      // A few documents per type, so pages, relation titles and referrers are not empty.
      await store.createMany(
        contentTypeList.flatMap((type) =>
          [1, 2].map((n) => ({
            collection: type.key,
            id: `${type.key}-${n}`,
            data: { title: `Документ ${n}`, slug: `doc-${n}`, status: 'published', publishedAt: null, date: '2025-01-0' + n, order: n, year: 2020 + n, tags: ['t'] },
          })),
        ),
      );
    });
    afterAll(async () => {
      await dispose();
    });

    it('public lists and gets, admin lists (states, filters, sorts, search), options and the dashboard', async () => {
      const content = new ContentService(store, () => new Date('2025-06-01T00:00:00.000Z'));
      const admin = new ContentAdminService(content);
      for (const type of contentTypeList) {
        if (type.kind !== 'collection') continue;
        const filter = Object.fromEntries(type.filters.map((f) => [f, isArrayField(type, f) ? 't' : 'x']));
        if (type.isPublic) {
          for (const sort of Object.keys(type.sorts)) {
            await content.publicList(type.key, { sort, limit: 1 });
            await content.publicList(type.key, { sort, limit: 5, filter });
            const range = type.rangeFields?.[0];
            if (range) await content.publicList(type.key, { sort, limit: 5, range: { field: range, gte: '2025-01-01' } });
          }
          await content.publicGet(type.key, 'doc-1');
        }
        const sortFields = adminSortFields(type);
        for (const status of [undefined, ...ADMIN_STATUSES]) {
          for (const field of [sortFields[0]!, 'updatedAt']) {
            const page = await admin.list(type.key, adminListInputSchema(type).parse({ status, sort: { field, direction: 'desc' }, limit: 1 }));
            if (page.nextCursor) await admin.list(type.key, adminListInputSchema(type).parse({ status, sort: { field, direction: 'desc' }, limit: 1, cursor: page.nextCursor }));
          }
          await admin.list(type.key, adminListInputSchema(type).parse({ status, filter, limit: 5 }));
          await admin.list(type.key, adminListInputSchema(type).parse({ status, search: 'доку', limit: 5 }));
        }
        await admin.options(type.key, { limit: 5 });
        await admin.options(type.key, { limit: 5, search: 'док' });
      }
      await admin.dashboard();
      await admin.audit({ limit: 10, collection: 'news' });
      const registry = new Set(contentTypeList.map((t) => t.key));
      const relevant = shapes.filter((s) => registry.has(s.collection) || s.collection.startsWith('_'));
      expect(relevant.length).toBeGreaterThan(200);
      const missing = relevant.flatMap((shape) => missingIndexes(shape, file).map((index) => JSON.stringify(index)));
      expect([...new Set(missing)]).toEqual([]);
    });
  });
});

describe('firestore.rules', () => {
  it('denies every client read and write', () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    expect(rules).toMatch(/match \/\{document=\*\*\}\s*\{\s*allow read, write: if false;\s*\}/);
    expect(rules).not.toMatch(/if (?!false)/);
  });
});
