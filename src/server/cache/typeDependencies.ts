/**
 * Which cache entries read which content types, and when each type last changed: the bookkeeping
 * the page cache (`pageCache.ts`) and the read cache (`ssr/readCache.ts`) share. A change to a type
 * (the store's change events: collection = type key) names exactly the entries that read it; an
 * entry computed from reads that began before a change to one of its types is refused by
 * `changedSince`, because it may hold the old data.
 */
export class TypeDependencies {
  /** type key → keys of the entries that read it. */
  private readonly readers = new Map<string, Set<string>>();
  /** Change counter; each change takes the next value. */
  private clock = 0;
  /** The counter value of each type's last change. */
  private readonly changedAt = new Map<string, number>();
  /** The counter value of the last change of every type at once (`changeAll`). */
  private allChangedAt = -1;

  /** A mark taken before the reads of an entry start, handed to `changedSince` afterwards. */
  mark(): number {
    return this.clock;
  }

  /** Whether any of the types changed at or after the mark (an entry built from them may be stale). */
  changedSince(types: Iterable<string>, mark: number): boolean {
    if (this.allChangedAt >= mark) return true;
    for (const type of types) if ((this.changedAt.get(type) ?? -1) >= mark) return true;
    return false;
  }

  /** Records that the entry `key` read the types. */
  track(key: string, types: Iterable<string>): void {
    for (const type of types) {
      let keys = this.readers.get(type);
      if (!keys) this.readers.set(type, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Forgets the entry `key` (evicted or replaced). */
  forget(key: string, types: Iterable<string>): void {
    for (const type of types) {
      const keys = this.readers.get(type);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.readers.delete(type);
    }
  }

  /** Records a change to a type; returns the keys of the entries that read it (no longer tracked). */
  change(type: string): string[] {
    this.changedAt.set(type, this.clock++);
    const keys = this.readers.get(type);
    this.readers.delete(type);
    return keys ? [...keys] : [];
  }

  /** Records a change to every type (the cache was cleared). */
  changeAll(): void {
    this.allChangedAt = this.clock++;
    this.readers.clear();
  }
}
