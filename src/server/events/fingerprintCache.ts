/**
 * Bytes made on demand and kept per key until what they were made from changes: each entry holds
 * the fingerprint of its sources (e.g. the documents' ids and versions), a request with another
 * fingerprint makes them anew and replaces it. Bounded by total bytes (LRU); concurrent requests
 * for the same fingerprint share one making. Works alike in every instance (no events needed).
 * An entry over a quarter of the bound is not kept (it is made on every request): `onOversize`
 * reports that once per key, so the operator can raise the bound.
 */
import { LRUCache } from 'lru-cache';

interface Entry {
  fingerprint: string;
  bytes: Buffer;
}

export class FingerprintCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly maxEntryBytes: number;
  /** Keys whose bytes were once too large to keep (reported once each). */
  private readonly oversize = new Set<string>();
  /** How many times bytes were made (tests and logs). */
  made = 0;

  /** `maxBytes`: total size kept (an entry larger than a quarter of it is not kept). */
  constructor(maxBytes = 32 * 1024 * 1024) {
    this.maxEntryBytes = Math.floor(maxBytes / 4);
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      maxEntrySize: this.maxEntryBytes,
      sizeCalculation: (e) => Math.max(1, e.bytes.length),
    });
  }

  /**
   * The bytes for `key` at `fingerprint`: kept (`hit`), or made by `make` and kept. `onOversize`
   * (sizes in bytes) runs the first time the bytes made for `key` are too large to keep.
   */
  async get(
    key: string,
    fingerprint: string,
    make: () => Promise<Buffer>,
    onOversize?: (size: number, limit: number) => void,
  ): Promise<{ bytes: Buffer; hit: boolean }> {
    const kept = this.entries.get(key);
    if (kept?.fingerprint === fingerprint) return { bytes: kept.bytes, hit: true };
    const id = `${key}\n${fingerprint}`;
    let pending = this.making.get(id);
    if (!pending) {
      pending = make().finally(() => this.making.delete(id));
      this.making.set(id, pending);
      this.made++;
      const bytes = await pending;
      // A newer fingerprint may have been stored meanwhile; the last one made wins either way.
      this.entries.set(key, { fingerprint, bytes });
      if (bytes.length > this.maxEntryBytes && !this.oversize.has(key)) {
        this.oversize.add(key);
        onOversize?.(bytes.length, this.maxEntryBytes);
      }
      return { bytes, hit: false };
    }
    return { bytes: await pending, hit: false };
  }
}
