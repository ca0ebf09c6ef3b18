/**
 * `firestore.indexes.json` from the registry: every query the site's services send for registry
 * collections, derived by running the real services (ContentService.publicList / publicGet,
 * ContentAdminService.list / options / dashboard / audit, ContentHistory, the redirect rules)
 * over every combination a type's declaration allows (filters, named sorts, range fields, admin
 * states, list-column sorts in both directions, search) against a store that only records query
 * shapes. `npm run firestore:indexes` writes the file; tests/contract/firestoreIndexes.test.ts
 * fails when the committed file differs or when a query the Firestore store sends is not covered.
 */
import { RATE_LIMITS_COLLECTION } from '../rateLimit';
import { CHANGES_COLLECTION } from './firestore/changeFeed';
import {
  adminAuditListInput,
  adminListInputSchema,
  adminSortFields,
  ADMIN_STATUSES,
} from '../../shared/content/adminInput';
import { isArrayField, type AnyContentType } from '../../shared/content/define';
import { fixedPageOf } from '../../shared/content/places';
import { listCombinationError } from '../../shared/content/listInput';
import { registry as siteRegistry, type ContentRegistry } from '../../shared/content/registry';
import { ContentAdminService } from '../content/admin';
import { ContentHistory } from '../content/history';
import { placeOnSite, publicListPosition } from '../content/listPosition';
import { ContentService } from '../content/service';
import { OaiRepository } from '../oai/repository';
import { OAI_SAMPLE_REQUESTS } from '../oai/sampleRequests';
import { siteSearchCollections } from '../search/siteIndex';
import { trainingListQuery } from '../../shared/content/trainingLists';
import {
  filterShape,
  gramCountShape,
  indexesFor,
  listShape,
  searchShape,
  type IndexFile,
  type QueryShape,
} from './firestore/indexes';
import type { Filter, ListQuery, ListResult, StoredDocument } from './port';
import { CommitDocumentStore } from './storeBase';

/** A DocumentStore that stores nothing and records the Firestore shape of every read. */
class ShapeRecorder extends CommitDocumentStore {
  readonly shapes: QueryShape[] = [];
  async get<T>(): Promise<StoredDocument<T> | null> {
    return null;
  }
  async findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null> {
    this.shapes.push(filterShape(collection, where));
    return null;
  }
  async list<T>(collection: string, query: ListQuery): Promise<ListResult<T>> {
    if (query.search?.trim()) this.shapes.push(gramCountShape(collection), searchShape(collection));
    else this.shapes.push(listShape(collection, query));
    if (query.withTotal && !query.search?.trim()) this.shapes.push(filterShape(collection, query.where));
    return { items: [], nextCursor: null, total: 0 };
  }
  async count(collection: string, where?: Filter[]): Promise<number> {
    this.shapes.push(filterShape(collection, where));
    return 0;
  }
  async createMany(): Promise<void> {
    throw new Error('read-only');
  }
  async commit(): Promise<Array<StoredDocument<unknown> | null>> {
    throw new Error('read-only');
  }
  async close(): Promise<void> {}
  /** The visitor search reads by one array-contains term per collection: no composite index. */
  async siteSearch(): Promise<{ items: []; total: number; totals: Record<string, number> }> {
    return { items: [], total: 0, totals: {} };
  }
}

/** A training whose place in a list is looked for (the shapes do not depend on its values). */
const SAMPLE_TRAINING = { id: 'id', startDate: '2025-02-01', endDate: '2025-02-02' };

function subsets<T>(items: T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);
}

/** A filter value of the right kind for a field (the shape does not depend on it). */
function sampleFilter(type: AnyContentType, fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, isArrayField(type, f) ? 'tag' : 'value']));
}

/**
 * Every query the site's services send to the store for registry types (and their revisions and
 * audit log), as Firestore query shapes. Each call is one combination of what the declarations allow.
 */
export async function registryQueryShapes(registry: ContentRegistry = siteRegistry): Promise<QueryShape[]> {
  const store = new ShapeRecorder();
  const content = new ContentService(store, () => new Date('2025-01-01T00:00:00.000Z'), registry);
  const admin = new ContentAdminService(content);
  const history = new ContentHistory(store);
  for (const type of registry.list) {
    if (type.kind !== 'collection') continue;
    const filterSets = subsets(type.filters);
    if (type.isPublic) {
      for (const fields of filterSets) {
        const ranges = [
          undefined,
          ...(type.rangeFields ?? []).map((field) => ({ field, gte: '2025-01-01', lte: '2025-12-31' })),
        ];
        for (const range of ranges) {
          for (const sort of Object.keys(type.sorts)) {
            // Every combination the public list accepts (listCombinationError refuses the others).
            const input = { limit: 20, sort, filter: sampleFilter(type, fields), ...(range ? { range } : {}) };
            if (!listCombinationError(type, input)) await content.publicList(type.key, input);
          }
        }
      }
      await content.publicGet(type.key, 'slug');
      await content.publicGet(type.key, 'slug', { preview: true });
    }
    // Every combination the admin list accepts (adminListCombinationError refuses the others).
    for (const fields of filterSets) {
      for (const status of [undefined, ...ADMIN_STATUSES]) {
        for (const sort of [
          undefined,
          ...adminSortFields(type).flatMap((field) =>
            (['asc', 'desc'] as const).map((direction) => ({ field, direction })),
          ),
        ]) {
          for (const search of [undefined, 'пошук']) {
            const input = adminListInputSchema(type).safeParse({
              filter: sampleFilter(type, fields),
              status,
              sort,
              search,
              limit: 20,
            });
            if (input.success) await admin.list(type.key, input.data);
          }
        }
      }
    }
    await admin.options(type.key, { limit: 20 });
    await admin.options(type.key, { limit: 20, search: 'пошук' });
    await history.list(type.key, 'id', null);
    await history.latest(type.key, 'id');
    // Deleted documents of a type (admin `deleted`, `undelete`).
    await history.audit({ collection: type.key, action: 'delete', limit: 500 });
    await history.audit({ collection: type.key, action: 'delete', documentId: 'id', limit: 1 });
    // Referrers of a document being deleted (ContentAdminService.referrers).
    for (const other of registry.list) {
      for (const relation of other.relations) {
        if (relation.to !== type.key) continue;
        const many = relation.many || isArrayField(other, relation.field);
        await store.list(other.key, {
          where: [{ field: relation.field, op: many ? 'array-contains' : '==', value: 'id' }],
          orderBy: { fields: ['createdAt'], direction: 'asc' },
          limit: 20,
          withTotal: true,
        });
      }
    }
  }
  await admin.dashboard();
  for (const collection of [undefined, 'news']) {
    for (const uid of [undefined, 'uid']) await admin.audit(adminAuditListInput.parse({ collection, uid }));
  }
  // A training's permalink finds its page by counts in its list (trpc/routers/trainingPermalink.ts).
  if (registry.list.includes(siteRegistry.get('trainings'))) {
    for (const list of ['upcoming', 'past'] as const)
      await publicListPosition(content, 'trainings', trainingListQuery(list, '2025-01-01'), SAMPLE_TRAINING);
  }
  // A search hit on a fixed page (a contact) is linked at its place in that page's list.
  for (const type of registry.list) if (fixedPageOf(type)) await placeOnSite(content, type, { id: 'id', order: 1 });
  // The redirect rules (http/redirects.ts).
  await store.list('redirects', { orderBy: { fields: ['priority'], direction: 'asc' }, limit: 1000 });
  // The OAI-PMH repository's lists, sets and lookups (server/oai).
  const oai = new OaiRepository({ content, origin: 'https://example.org', adminEmail: 'admin@example.org' });
  for (const args of OAI_SAMPLE_REQUESTS) await oai.answer(new URLSearchParams(args));
  return store.shapes;
}

/** Field paths no query uses, kept out of Firestore's automatic single-field indexes (smaller, cheaper writes). */
const UNINDEXED_PATHS = ['_text', '_site.title', '_site.body'];

/** The content of `firestore.indexes.json` (Firebase CLI format). */
export async function registryIndexFile(registry: ContentRegistry = siteRegistry): Promise<IndexFile> {
  const shapes = await registryQueryShapes(registry);
  const collections = [...new Set(registry.list.map((t) => t.key))].sort();
  return {
    indexes: indexesFor(shapes),
    fieldOverrides: [
      ...collections.flatMap((collectionGroup) =>
        UNINDEXED_PATHS.map((fieldPath) => ({ collectionGroup, fieldPath, indexes: [] })),
      ),
      // The visitor search orders by one term's weight, descending: one index entry per term
      // instead of the automatic two (a document has at most 40,000), inherited by every `w.{term}`.
      ...siteSearchCollections()
        .sort()
        .map((collectionGroup) => ({
          collectionGroup,
          fieldPath: '_site.w',
          indexes: [{ order: 'DESCENDING', queryScope: 'COLLECTION' }],
        })),
      // TTL policies: Firestore removes expired change-feed documents and rate-limit windows itself
      // (the instances also trim the change feed; the TTL is the backstop).
      ...[CHANGES_COLLECTION, RATE_LIMITS_COLLECTION].map((collectionGroup) => ({
        collectionGroup,
        fieldPath: 'expireAt',
        ttl: true,
        indexes: [],
      })),
    ],
  };
}

/** The file's text as committed (two-space JSON, trailing newline). */
/** The file's text as committed (two-space JSON and a final newline). */
export function indexFileText(file: IndexFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

export async function registryIndexFileText(): Promise<string> {
  return indexFileText(await registryIndexFile());
}
