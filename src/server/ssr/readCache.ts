/**
 * The read cache of the server render: answers of shared reads (tRPC queries whose meta declares
 * `sharedRead`: the public lists and items, the header and footer, the visitor search), kept in
 * memory between renders, so a page rendered for anyone (a page-cache miss, signed-in staff, a
 * cache switched off) does not read the store again for what it read before.
 *
 * An answer is the same for every caller; it is frozen (deeply) when stored and handed out as is,
 * so a render cannot change what the next one gets. Each entry records the content types its
 * procedure reads (`procedureReads.ts`), and a change to one of them (the store's change events; in
 * firebase mode the change feed every instance sees) drops it, as the page cache drops pages. An
 * answer read before such a change is not stored. Entries also expire after `ttlMs` on the content
 * clock, so scheduled documents show up without a write, as in the page cache. Bounded in bytes (the
 * answer's JSON length, estimated once when stored) with lru-cache. Errors are never kept.
 */
import { LRUCache } from 'lru-cache';
import { TypeDependencies } from '../cache/typeDependencies';

export interface ReadCacheOptions {
  /** Bound of the answers held, by their JSON length (default 16 MiB). */
  maxBytes?: number;
  /** Lifetime of an answer (default 60 s, as the page cache's). */
  ttlMs?: number;
  /** The content clock (the one deciding when scheduled documents become visible; tests shift it). */
  now?: () => Date;
}

interface Entry {
  value: unknown;
  reads: readonly string[];
  /** Content-clock time after which the entry is no longer served. */
  expiresAt: number;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** Freezes a JSON-like value and everything in it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export class ReadCache {
  enabled = true;
  private readonly lru: LRUCache<string, Entry>;
  private readonly dependencies = new TypeDependencies();
  private readonly ttlMs: number;
  private readonly now: () => Date;
  private counters = { hits: 0, misses: 0 };

  constructor(options: ReadCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? (() => new Date());
    this.lru = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      // Set per entry by `store` (the answer's JSON length).
      sizeCalculation: () => 1,
      dispose: (entry, key) => this.dependencies.forget(key, entry.reads),
    });
  }

  /** The key of a procedure call: its path and its input as JSON. */
  static key(path: string, input: unknown): string {
    return input === undefined ? path : `${path}\u0000${JSON.stringify(input)}`;
  }

  /** The stored answer of a key; `undefined` when there is none (or it expired). */
  get(key: string): { value: unknown } | undefined {
    if (!this.enabled) return undefined;
    const entry = this.lru.get(key);
    if (entry && this.now().getTime() >= entry.expiresAt) {
      this.lru.delete(key);
    } else if (entry) {
      this.counters.hits++;
      return { value: entry.value };
    }
    this.counters.misses++;
    return undefined;
  }

  /** A mark taken before a read starts, handed to `store` afterwards. */
  mark(): number {
    return this.dependencies.mark();
  }

  /**
   * Keeps an answer (frozen) unless one of the types it read changed since `since`; returns it.
   * Answers larger than an eighth of the bound are not kept.
   */
  store<T>(key: string, value: T, reads: readonly string[], since: number): T {
    if (!this.enabled || this.dependencies.changedSince(reads, since)) return value;
    const size = key.length + (JSON.stringify(value)?.length ?? 4);
    if (size > this.lru.maxSize / 8) return value;
    deepFreeze(value);
    this.lru.set(key, { value, reads, expiresAt: this.now().getTime() + this.ttlMs }, { size });
    this.dependencies.track(key, reads);
    return value;
  }

  /** Drops every answer that read the given content type. */
  invalidateType(type: string): void {
    for (const key of this.dependencies.change(type)) this.lru.delete(key);
  }

  clear(): void {
    this.dependencies.changeAll();
    this.lru.clear();
  }

  stats(): ReadCacheStats {
    return { ...this.counters, entries: this.lru.size, bytes: this.lru.calculatedSize };
  }
}
