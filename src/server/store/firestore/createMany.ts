/**
 * createMany on Firestore: documents written in consecutive transactions of a bounded size, as
 * Firestore's documented limits are 500 writes per commit and 10 MiB per request
 * (https://firebase.google.com/docs/firestore/quotas).
 */
import type { WriteOp } from '../port';

/**
 * createMany writes at most this many documents (and about this many bytes of data) per Firestore
 * transaction: Firestore's documented limits are 500 writes per commit and 10 MiB per request.
 */
export const CREATE_MANY_CHUNK = 400;
const CREATE_MANY_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Atomic up to CREATE_MANY_CHUNK documents (and about 4 MiB of data); a larger set is written in
 * consecutive transactions of that size (each through `commit`), each all or none, so a failure can
 * leave the earlier chunks written (the seed, the only large user, runs on an empty store and
 * refuses to run again).
 */
export async function createInChunks(
  commit: (ops: WriteOp[]) => Promise<unknown>,
  items: Array<{ collection: string; id: string; data: unknown }>,
): Promise<void> {
  let chunk: typeof items = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item.data ?? null).length;
    if (chunk.length && (chunk.length >= CREATE_MANY_CHUNK || bytes + size > CREATE_MANY_CHUNK_BYTES)) {
      await commit(chunk.map((c) => ({ kind: 'create' as const, ...c })));
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length) await commit(chunk.map((c) => ({ kind: 'create' as const, ...c })));
}
