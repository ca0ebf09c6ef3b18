/**
 * Which documents use a stored file, for the media library's delete confirmation: a bounded scan
 * of every content type's stored documents (pages of 200) for a file reference whose `path` is the
 * object's name, or a download link to it in any text (rich text links and images:
 * `…/o/{encoded name}?alt=media`, the form backup/links.ts rewrites). Drafts count: they are
 * published later with the same link.
 */
import type { AnyContentType } from '../../../shared/content/define';
import { titleOf, type AdminCore, type Data } from './common';

/** A document that uses a file: its type's key and singular label, id, title and whether it is published. */
export interface FileUser {
  type: string;
  typeLabel: string;
  id: string;
  title: string;
  published: boolean;
}

/** The first `MAX_USERS` documents that use a file, and how many do in all. */
export interface FileUsage {
  users: FileUser[];
  total: number;
}

const PAGE = 200;
const MAX_USERS = 20;

/** Whether `value` (a document's data, walked whole) refers to the stored object `name`. */
export function refersToFile(value: unknown, name: string): boolean {
  const link = `/o/${encodeURIComponent(name)}?`;
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return v.includes(link);
    if (Array.isArray(v)) return v.some(walk);
    if (v && typeof v === 'object') {
      if ((v as { path?: unknown }).path === name) return true;
      return Object.values(v).some(walk);
    }
    return false;
  };
  return walk(value);
}

export class AdminFileUsage {
  constructor(private readonly core: AdminCore) {}

  /** The documents of every content type that refer to the stored object `name` (see the module comment). */
  async usage(name: string): Promise<FileUsage> {
    const users: FileUser[] = [];
    let total = 0;
    for (const type of this.core.registry.list) {
      for await (const user of this.usersIn(type, name)) {
        total += 1;
        if (users.length < MAX_USERS) users.push(user);
      }
    }
    return { users, total };
  }

  private async *usersIn(type: AnyContentType, name: string): AsyncGenerator<FileUser> {
    let cursor: string | undefined;
    do {
      const page = await this.core.store.list<Data>(type.key, {
        orderBy: { fields: ['createdAt'], direction: 'asc' },
        limit: PAGE,
        ...(cursor ? { cursor } : {}),
      });
      for (const doc of page.items) {
        if (!refersToFile(doc.data, name)) continue;
        yield {
          type: type.key,
          typeLabel: type.kind === 'singleton' ? type.labels.singular : type.labels.plural,
          id: doc.id,
          title: type.kind === 'singleton' ? type.labels.singular : titleOf(type, doc.data, doc.id),
          published: !type.publishable || doc.data.status === 'published',
        };
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}
