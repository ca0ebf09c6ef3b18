/**
 * Firebase mode's visitor search reindex on the emulator: documents whose `_site` entry an older
 * release wrote (other terms, or an entry on a draft) are found as the current index says once the
 * reindex has run at start, once per index signature; a document saved in between keeps what its
 * writer wrote; and the server logs what it rewrote.
 */
import Fastify from 'fastify';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentService } from '../../src/server/content/service';
import { SiteSearchService } from '../../src/server/search/service';
import { backfillAfterListen } from '../../src/server/store/backfillAfterListen';
import type { FirestoreDocumentStore } from '../../src/server/store/firestore/index';
import { fixSiteEntries, reindexSiteSearch, siteSearchMarker } from '../../src/server/store/firestore/siteReindex';
import type { DocumentStore } from '../../src/server/store/port';
import { contentTypes } from '../../src/shared/content/registry';
import { firestoreBackend } from './stores';

const NOW = new Date('2026-06-01T12:00:00.000Z');

let store: DocumentStore;
let db: Firestore;
let dispose: () => Promise<void>;
let search: SiteSearchService;

const news = (slug: string, title: string, status = 'published') =>
  contentTypes.news.schema.parse({ title, slug, status, date: '2026-05-01T09:00:00.000Z', body: '<p>Текст.</p>' });

/** The entry an older release might have written: another term for the same word. */
const OLD_ENTRY = { title: 'посухх', body: 'текст', visibleFrom: null, parent: null, w: { посухх: 1, текст: 0.5 } };

const found = async (q: string) => (await search.search(q)).items.map((h) => h.url);
const markerExists = async () => {
  const { collection, id } = siteSearchMarker();
  return (await db.collection(collection).doc(id).get()).exists;
};

beforeEach(async () => {
  ({ store, dispose } = await firestoreBackend.open());
  db = (store as FirestoreDocumentStore).db;
  search = new SiteSearchService(new ContentService(store, () => NOW));
});
afterEach(async () => {
  await dispose();
});

describe('reindexSiteSearch', () => {
  it('rewrites entries from an older index once, so those documents are found by today’s terms', async () => {
    const dry = await store.create('news', news('posukha', 'Посуха на півдні'));
    const fresh = await store.create('news', news('zlyva', 'Злива у Карпатах'));
    const draft = await store.create('news', news('chernetka', 'Посуха в чернетці', 'draft'));
    await db.collection('news').doc(dry.id).update({ _site: OLD_ENTRY });
    await db.collection('news').doc(draft.id).update({ _site: OLD_ENTRY });
    expect(await found('посуха')).toEqual([]);
    const freshWritten = (await db.collection('news').doc(fresh.id).get()).updateTime!;

    expect(await reindexSiteSearch(db, ['news'])).toBe(2);
    expect(await found('посухи')).toEqual(['/News/posukha']); // the draft is not, as its entry is gone
    expect(await found('злива')).toEqual(['/News/zlyva']); // untouched
    expect((await db.collection('news').doc(draft.id).get()).get('_site')).toBeNull();
    // A current entry is left as it is (not rewritten).
    expect((await db.collection('news').doc(fresh.id).get()).updateTime!.isEqual(freshWritten)).toBe(true);
    expect(await markerExists()).toBe(true);

    // Done once per signature: an entry spoiled now stays until the next signature (or save).
    await db.collection('news').doc(dry.id).update({ _site: OLD_ENTRY });
    expect(await reindexSiteSearch(db, ['news'])).toBe(0);
    expect(await found('посуха')).toEqual([]);
  });

  it('skips a document saved between the read and the write, keeping its writer’s entry', async () => {
    const doc = await store.create('news', news('posukha', 'Посуха на півдні'));
    await db.collection('news').doc(doc.id).update({ _site: OLD_ENTRY });
    const read = await db.collection('news').select('data', '_site').get();
    const before = (await store.get<Record<string, unknown>>('news', doc.id))!;
    await store.update('news', doc.id, { ...before.data, title: 'Повінь на заході' }, before.version);
    expect(await fixSiteEntries(db, 'news', read.docs)).toBe(0);
    expect(await found('повінь')).toEqual(['/News/posukha']);
    expect(await found('посуха')).toEqual([]);
  });
});

describe('backfillAfterListen', () => {
  it('reindexes in the background after listen and logs how many entries it rewrote', async () => {
    const doc = await store.create('news', news('posukha', 'Посуха на півдні'));
    await db.collection('news').doc(doc.id).update({ _site: OLD_ENTRY });
    const logged: string[] = [];
    const server = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => logged.push((JSON.parse(line) as { msg: string }).msg) },
      },
    });
    try {
      const task = backfillAfterListen(server, db, ['news']);
      await server.listen({ port: 0, host: '127.0.0.1' });
      await task.finished();
      expect(await found('посуха')).toEqual(['/News/posukha']);
      expect(logged).toContain('visitor search entries rewritten on 1 Firestore documents');
    } finally {
      await server.close();
    }
  });
});
