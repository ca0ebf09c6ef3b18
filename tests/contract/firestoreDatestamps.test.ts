/**
 * The Firestore datestamp backfill (review finding 9) on the emulator: (a) a document rewritten
 * between the backfill's read and its write keeps the fresh datestamp its writer set (the write's
 * `lastUpdateTime` precondition fails and it is skipped), the others get theirs; (c) the backfill
 * starts only once the server listens, runs in the background, and a failure is logged as a
 * warning without stopping the server.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backfillAfterListen } from '../../src/server/store/backfillAfterListen';
import type { FirestoreDocumentStore } from '../../src/server/store/firestore/index';
import { DATESTAMP_MARKER, fixDatestamps } from '../../src/server/store/firestore/datestamps';
import type { DocumentStore } from '../../src/server/store/port';
import { contentTypes } from '../../src/shared/content/registry';
import { firestoreBackend } from './stores';

let store: DocumentStore;
let db: Firestore;
let dispose: () => Promise<void>;

const news = (i: number) =>
  contentTypes.news.schema.parse({ title: `Новина ${i}`, slug: `novyna-${i}`, date: '2026-03-23T10:00:00Z' });

/** Three news items stored as before the store kept `datestamp` (the field removed). */
async function storeWithoutDatestamps(): Promise<string[]> {
  const ids: string[] = [];
  for (const i of [1, 2, 3]) ids.push((await store.create('news', news(i))).id);
  await Promise.all(ids.map((id) => db.collection('news').doc(id).update({ datestamp: FieldValue.delete() })));
  return ids;
}
const datestamps = async () =>
  Object.fromEntries((await db.collection('news').get()).docs.map((d) => [d.id, d.get('datestamp') as unknown]));

beforeEach(async () => {
  ({ store, dispose } = await firestoreBackend.open());
  db = (store as FirestoreDocumentStore).db;
});
afterEach(async () => {
  await dispose();
});

describe('fixDatestamps', () => {
  it('skips a document rewritten since it was read, keeping the datestamp its writer set', async () => {
    const [first, second, third] = await storeWithoutDatestamps();
    const read = await db.collection('news').select('updatedAt', 'datestamp', 'data.publishedAt').get();
    // Another instance saves the second item in between, with a fresh updatedAt and datestamp.
    const before = (await store.get<Record<string, unknown>>('news', second!))!;
    await new Promise((r) => setTimeout(r, 5));
    const saved = await store.update('news', second!, { ...before.data, title: 'Нова назва' }, before.version);
    expect(await fixDatestamps(db, read.docs)).toBe(2);
    const stamps = await datestamps();
    expect(stamps[second!]).toBe(saved.updatedAt);
    for (const id of [first!, third!]) expect(stamps[id]).toBe((await store.get('news', id))!.updatedAt);
  });
});

describe('backfillAfterListen', () => {
  const apps: FastifyInstance[] = [];
  const logged: Array<{ level: number; msg: string }> = [];
  const app = () => {
    const created = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line) as never) } },
    });
    apps.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    logged.length = 0;
  });

  it('starts once the server listens, not while it starts, and sets every datestamp in the background', async () => {
    const ids = await storeWithoutDatestamps();
    const server = app();
    const task = backfillAfterListen(server, db, ['news']);
    await server.ready();
    await task.finished();
    expect(Object.values(await datestamps())).toEqual([undefined, undefined, undefined]);
    await server.listen({ port: 0, host: '127.0.0.1' });
    await task.finished();
    const stamps = await datestamps();
    for (const id of ids) expect(stamps[id]).toBe((await store.get('news', id))!.updatedAt);
    expect((await db.collection(DATESTAMP_MARKER.collection).doc(DATESTAMP_MARKER.id).get()).exists).toBe(true);
    expect(logged.map((l) => l.msg)).toContain('datestamp set on 3 Firestore documents');
  });

  it('logs a failure as a warning, leaves no marker, and the server keeps answering', async () => {
    await storeWithoutDatestamps();
    const server = app();
    server.get('/ping', () => 'pong');
    const task = backfillAfterListen(server, db, ['news', 'not/a-collection']);
    const origin = await server.listen({ port: 0, host: '127.0.0.1' });
    await task.finished();
    expect(logged.find((l) => l.level === 40)?.msg).toBe('datestamp backfill failed; the next start tries again');
    expect((await db.collection(DATESTAMP_MARKER.collection).doc(DATESTAMP_MARKER.id).get()).exists).toBe(false);
    expect(await (await fetch(`${origin}/ping`)).text()).toBe('pong');
  });
});
