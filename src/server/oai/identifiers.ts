/**
 * OAI identifiers (protocol §2.4) of the repository's items: `oai:{repository}:{local}` where the
 * repository is PUBLIC_URL's host and the local part is `{collection}/{id}`, or
 * `journal/{issue id}/{n}` for the n-th article (1-based) of a journal issue.
 */

/** The collections whose documents are items, and the journal (its issues hold the articles). */
export type ItemCollection = 'journal' | 'theses' | 'publications' | 'dataRepo';

/** The collections whose documents are items (their datestamp is indexed: store/sqliteIndexes.ts). */
export const ITEM_COLLECTIONS: ReadonlySet<string> = new Set(['journal', 'theses', 'publications', 'dataRepo']);
const ID = /^[A-Za-z0-9._~-]{1,200}$/;

/** What an identifier names: a document, and for an article its position in the issue. */
export interface ItemRef {
  collection: ItemCollection;
  id: string;
  /** 1-based article number (journal only). */
  n?: number;
}

/** The repository identifier: PUBLIC_URL's host name. */
export function repositoryIdOf(origin: string): string {
  return new URL(origin).hostname;
}

/** The identifier of an item. */
export function identifierOf(repository: string, ref: ItemRef): string {
  return `oai:${repository}:${ref.collection}/${ref.id}${ref.n !== undefined ? `/${ref.n}` : ''}`;
}

/** The item an identifier names, or null when it is not one of this repository's. */
export function parseIdentifier(repository: string, identifier: string): ItemRef | null {
  const prefix = `oai:${repository}:`;
  if (!identifier.startsWith(prefix)) return null;
  const [collection, id, n, ...rest] = identifier.slice(prefix.length).split('/');
  if (rest.length || !collection || !ITEM_COLLECTIONS.has(collection) || !id || !ID.test(id)) return null;
  if (collection === 'journal') {
    if (!n || !/^[1-9]\d{0,3}$/.test(n)) return null;
    return { collection, id, n: Number(n) };
  }
  return n === undefined ? { collection: collection as ItemCollection, id } : null;
}
