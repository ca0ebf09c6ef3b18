/**
 * firestore.indexes.json against the queries the Firestore store really sends: the committed file
 * is what `npm run firestore:indexes` generates from the registry, and every query the public and
 * admin services send through the Firestore store (on the emulator, which enforces no index) needs
 * only indexes the file declares. firestore.rules denies every client.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminListInputSchema, adminSortFields, ADMIN_STATUSES } from '../../src/shared/content/adminInput';
import { listInputSchema } from '../../src/shared/content/listInput';
import { isArrayField } from '../../src/shared/content/define';
import { fixedPageOf } from '../../src/shared/content/places';
import { contentTypeList } from '../../src/shared/content/registry';
import { ContentAdminService } from '../../src/server/content/admin';
import { placeOnSite } from '../../src/server/content/listPosition';
import { ContentService } from '../../src/server/content/service';
import { missingIndexes, type IndexFile, type QueryShape } from '../../src/server/store/firestore/indexes';
import { registryIndexFileText } from '../../src/server/store/registryIndexes';
import type { DocumentStore } from '../../src/server/store/port';
import { firestoreBackend } from './stores';

const committed = readFileSync('firestore.indexes.json', 'utf8');
const file = JSON.parse(committed) as IndexFile;

describe('firestore.indexes.json', () => {
  it('is what npm run firestore:indexes generates from the registry', async () => {
    expect(committed).toBe(await registryIndexFileText());
  });

  it('stays well under Firestore’s limit of composite indexes per database', () => {
    // https://cloud.google.com/firestore/quotas#indexes: 200 per database without billing, 1,000 with
    // it. The file keeps a margin (25) below the lower one for indexes added by hand or by later types.
    expect(file.indexes.length).toBeLessThanOrEqual(175);
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
            data: {
              title: `Документ ${n}`,
              slug: `doc-${n}`,
              status: 'published',
              publishedAt: null,
              date: '2025-01-0' + n,
              order: n,
              year: 2020 + n,
              tags: ['t'],
            },
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
        // No filter, or one field at a time (the list inputs refuse more: listCombinationError, adminListCombinationError).
        const filters = [undefined, ...type.filters.map((f) => ({ [f]: isArrayField(type, f) ? 't' : 'x' }))];
        if (type.isPublic) {
          for (const sort of [undefined, ...Object.keys(type.sorts)]) {
            const ranges = [undefined, ...(type.rangeFields ?? []).map((field) => ({ field, gte: '2025-01-01' }))];
            for (const filter of filters) {
              for (const range of ranges) {
                const input = listInputSchema(type).safeParse({ sort, limit: 1, filter, range });
                if (!input.success) continue;
                const page = await content.publicList(type.key, input.data);
                if (page.nextCursor) await content.publicList(type.key, { ...input.data, cursor: page.nextCursor });
                await content.publicList(type.key, { ...input.data, page: 2 }).catch(() => undefined);
              }
            }
          }
          await content.publicGet(type.key, 'doc-1');
          // A search hit on a fixed page (a contact) is linked at its place in that page's list.
          if (fixedPageOf(type)) await placeOnSite(content, type, { id: 'doc-1', order: 1 });
        }
        const sorts = [
          undefined,
          ...adminSortFields(type).flatMap((field) =>
            (['asc', 'desc'] as const).map((direction) => ({ field, direction })),
          ),
        ];
        for (const status of [undefined, ...ADMIN_STATUSES]) {
          for (const sort of sorts) {
            for (const filter of filters) {
              for (const search of [undefined, 'доку']) {
                const input = adminListInputSchema(type).safeParse({ status, sort, filter, search, limit: 1 });
                if (!input.success) continue;
                const page = await admin.list(type.key, input.data);
                if (page.nextCursor) await admin.list(type.key, { ...input.data, cursor: page.nextCursor });
              }
            }
          }
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
