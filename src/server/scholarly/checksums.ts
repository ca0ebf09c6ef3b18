/**
 * SHA-256 sums of stored files, read once per object generation and kept in memory (a rewritten
 * object has a new generation, so its sum is read again). Used by the DCAT-AP catalogue.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ObjectStorePort } from '../storage/port';

export interface FileFacts {
  /** Bytes. */
  size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  /** ISO time of the object's last write. */
  updated: string;
}

export class FileChecksums {
  private readonly sums = new LRUCache<string, string>({ max: 10_000 });

  constructor(private readonly objects: ObjectStorePort) {}

  /** The facts of the object `name` (its storage path), or null when it does not exist. */
  async facts(name: string): Promise<FileFacts | null> {
    const stat = await this.objects.stat(name);
    if (!stat) return null;
    const key = `${name}\n${stat.generation}`;
    let sha256 = this.sums.get(key);
    if (!sha256) {
      const hash = createHash('sha256');
      for await (const chunk of await this.objects.stream(name)) hash.update(chunk as Buffer);
      sha256 = hash.digest('hex');
      this.sums.set(key, sha256);
    }
    return { size: stat.size, sha256, updated: stat.updated };
  }
}
