/**
 * Issue 12 on Google's Firestore emulator: the change feed between store instances (as between
 * server instances sharing one database), createMany beyond one transaction, the seed written to
 * Firestore, and the Firestore rate limiter shared by instances.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { contentTypeList } from '../../src/shared/content/registry';
import { ResetRequestLimiter } from '../../src/server/identity/limiter';
import { firestoreRateLimiter } from '../../src/server/rateLimit';
import { loadSeedSet } from '../../src/server/seed/load';
import { seedSet } from '../../src/server/seed/content/index';
import { DiskObjectStorePort } from '../../src/server/storage/diskPort';
import { ObjectStore } from '../../src/server/storage/objects';
import {
  CHANGES_COLLECTION,
  CREATE_MANY_CHUNK,
  createFirestoreStore,
  MAX_LISTED_CHANGES,
  type ChangeFeedOptions,
  type FirestoreDocumentStore,
} from '../../src/server/store/firestore/index';
import type { ChangeEvent } from '../../src/server/store/port';
import { openSqliteDatabase } from '../../src/server/store/sqlite';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A fresh `demo-…` project on the emulator. */
function newProject(): string {
  return `demo-feed-${randomBytes(6).toString('hex')}`;
}

/** A store with its own Firestore client on `projectId` (as one server instance), closed after the test. */
function instance(projectId: string, feed: boolean | ChangeFeedOptions = true): FirestoreDocumentStore {
  const host = inject('firestoreEmulatorHost');
  const store = createFirestoreStore({ settings: { projectId, host, ssl: false }, changeFeed: feed });
  opened.push(() => store.close());
  return store;
}

function recorder(store: FirestoreDocumentStore): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  store.onChange((e) => events.push(e));
  return events;
}

/**
 * How long a test waits for an event. The 2 s the issue asks for is checked end to end by the
 * two-instance test over HTTP; here a loaded machine (other test files, the emulator's JVM) must not
 * turn a slow first snapshot into a failure of the feed's logic.
 */
const FEED_TIMEOUT_MS = 10_000;

/**
 * Waits until the stores' feed listeners have had their first snapshot. On CI, with other test files
 * loading the emulator, a first listen has taken more than 10 s; what follows then measures the feed.
 */
async function listening(...stores: FirestoreDocumentStore[]): Promise<void> {
  let ready = false;
  void Promise.all(stores.map((s) => s.feedListening())).then(() => (ready = true));
  await vi.waitUntil(() => ready, { timeout: 30_000, interval: 20 });
}

describe('the change feed between store instances', () => {
  it('re-emits a write of one instance on the other, and the writer hears it once (prints the latency)', async () => {
    const project = newProject();
    const a = instance(project);
    const b = instance(project);
    const heardA = recorder(a);
    const heardB = recorder(b);
    await listening(a, b);
    const started = Date.now();
    const doc = await a.create('redirects', { from: '/old', to: '/News' });
    await vi.waitUntil(() => heardB.length > 0, { timeout: FEED_TIMEOUT_MS, interval: 10 });
    const latency = Date.now() - started;
    expect(heardB).toEqual([{ collection: 'redirects', id: doc.id, kind: 'create' }]);
    await a.update('redirects', doc.id, { from: '/old', to: '/Docs' }, 1);
    await b.delete('redirects', doc.id);
    await vi.waitUntil(() => heardB.length === 3 && heardA.length === 3, { timeout: FEED_TIMEOUT_MS, interval: 10 });
    await new Promise((r) => setTimeout(r, 300)); // nothing more arrives (no echo of one's own writes)
    expect(heardA.map((e) => e.kind)).toEqual(['create', 'update', 'delete']);
    expect(heardB.map((e) => e.kind)).toEqual(['create', 'update', 'delete']);
    console.log(`change feed latency on the emulator: ${latency} ms`);
  });

  it('announces a commit of more than MAX_LISTED_CHANGES documents by collection (id *)', async () => {
    const project = newProject();
    const a = instance(project);
    const b = instance(project);
    const heardB = recorder(b);
    await listening(a, b);
    const items = Array.from({ length: MAX_LISTED_CHANGES + 1 }, (_, i) => ({
      collection: i % 2 ? 'news' : 'docs',
      id: `d${i}`,
      data: { title: `t${i}` },
    }));
    await a.createMany(items);
    await vi.waitUntil(() => heardB.length >= 2, { timeout: FEED_TIMEOUT_MS, interval: 10 });
    expect(heardB.sort((x, y) => x.collection.localeCompare(y.collection))).toEqual([
      { collection: 'docs', id: '*', kind: 'update' },
      { collection: 'news', id: '*', kind: 'update' },
    ]);
  });

  it('a store without the feed writes no change documents; old change documents are trimmed', async () => {
    const project = newProject();
    const plain = instance(project, false);
    await plain.create('news', { title: 'без стрічки' });
    expect((await plain.db.collection(CHANGES_COLLECTION).get()).size).toBe(0);
    const a = instance(project, { retentionMs: 1, trimEveryMs: 0 });
    await a.create('news', { title: 'зі стрічкою' });
    expect((await a.db.collection(CHANGES_COLLECTION).get()).size).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(await a.trimFeed()).toBe(1);
    expect((await a.db.collection(CHANGES_COLLECTION).get()).size).toBe(0);
  });
});

describe('large batches on Firestore', () => {
  it('createMany writes more than one transaction holds (Firestore: 500 writes per commit)', async () => {
    const store = instance(newProject(), false);
    const n = 2 * CREATE_MANY_CHUNK + 1;
    await store.createMany(
      Array.from({ length: n }, (_, i) => ({
        collection: 'news',
        id: `n${String(i).padStart(4, '0')}`,
        data: { title: `Новина ${i}` },
      })),
    );
    expect(await store.count('news')).toBe(n);
  }, 120_000);

  it('loads the seed set into Firestore', async () => {
    const store = instance(newProject());
    const dir = mkdtempSync(path.join(tmpdir(), 'uhmi-seed-fs-'));
    const db = await openSqliteDatabase(path.join(dir, 'site.db'));
    try {
      const started = Date.now();
      const written = await loadSeedSet(
        { store, objects: new DiskObjectStorePort(new ObjectStore(db, path.join(dir, 'storage')), 'demo.appspot.com') },
        seedSet,
      );
      console.log(`seed (${written} documents) into the Firestore emulator: ${Date.now() - started} ms`);
      let total = 0;
      for (const type of contentTypeList) total += await store.count(type.key);
      expect(total).toBe(written);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the Firestore rate limiter', () => {
  it('counts the uses of two instances together, concurrent ones exactly once', async () => {
    const project = newProject();
    const limit = { name: 'book-order', points: 5, durationSeconds: 60 };
    const dbA = instance(project, false).db;
    const dbB = instance(project, false).db;
    const a = firestoreRateLimiter(dbA)(limit);
    const b = firestoreRateLimiter(dbB)(limit);
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).consume('203.0.113.7')));
    console.log(`8 concurrent consumes through two instances: ${Date.now() - started} ms`);
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed);
    expect(refused && !refused.allowed && refused.retryAfterMs).toBeGreaterThan(50_000);
    expect((await a.consume('203.0.113.8')).allowed).toBe(true); // another key has its own count
    // A window ends `durationSeconds` after its first use, on every instance.
    const short = { name: 'short', points: 1, durationSeconds: 1 };
    expect((await firestoreRateLimiter(dbA)(short).consume('k')).allowed).toBe(true);
    expect((await firestoreRateLimiter(dbB)(short).consume('k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await firestoreRateLimiter(dbB)(short).consume('k')).allowed).toBe(true);
  }, 60_000);

  it('counts firebase mode’s sign-in link requests against one limit across instances', async () => {
    const project = newProject();
    const [a, b] = [instance(project, false).db, instance(project, false).db].map(
      (db) => new ResetRequestLimiter({ maxPerEmail: 3 }, firestoreRateLimiter(db)),
    );
    const asks = [a, b, a].map((limiter, i) => limiter!.allow('editor@uhmi.example.org', `203.0.113.${i}`));
    expect(await Promise.all(asks)).toEqual([true, true, true]);
    // A fourth request for the address is refused by either instance, another address is not.
    expect(await b!.allow('editor@uhmi.example.org', '203.0.113.9')).toBe(false);
    expect(await a!.allow('EDITOR@uhmi.example.org', '203.0.113.9')).toBe(false);
    expect(await a!.allow('other@uhmi.example.org', '203.0.113.9')).toBe(true);
  }, 60_000);
});
