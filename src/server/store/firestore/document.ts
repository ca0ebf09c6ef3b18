/**
 * The stored form of a port document (the layout is described in ./index.ts): what a commit writes
 * (`encodeDocument`) and what a read gives back (`toDocument`).
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { richTextFieldsOf } from '../../../shared/content/define';
import { findContentType } from '../../../shared/content/registry';
import { termWeights } from '../../search/rank';
import { siteSearchEntry, type SiteSearchEntry } from '../../search/siteIndex';
import { datestampOf } from '../datestamp';
import { nullLowOf } from './indexes';
import type { StoredDocument } from '../port';
import { sortKeysOf } from '../storeBase';
import { searchGrams } from './grams';
import { decodeId } from './ids';
import type { Scalar } from './values';

/**
 * The visitor search's entry as Firestore keeps it (`_site`): siteIndex.ts's entry and `w`, each
 * distinct term's stored BM25 weight (termWeights), which the search orders by. A map, not an
 * array: every entry has its own automatic single-field index, so a query can read the documents
 * of one term best first.
 */
export type FsSiteEntry = SiteSearchEntry & { w: Record<string, number> };

/** The fields a stored Firestore document has (see the layout in ./index.ts). */
export interface FsDocument {
  data: unknown;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The later of updatedAt and data.publishedAt (datestamp.ts). */
  datestamp: string;
  _sort: Record<string, Scalar>;
  /** NULL_LOW_FIELDS' values, '' for null (indexes.ts). */
  _lo: Record<string, string>;
  _text: string;
  _search: string[];
  _unique: Record<string, string | number>;
  _site: FsSiteEntry | null;
}

/** The `_site` field of a document of `collection` with `data` (null: not found by visitors). */
export function siteEntryOf(collection: string, data: unknown): FsSiteEntry | null {
  const entry = siteSearchEntry(collection, data);
  return entry && { ...entry, w: termWeights(entry) };
}

/**
 * The stored form of a document (sort keys, search text and grams computed from its JSON-clean
 * data); `held` are the unique values it holds guards of, `searchText` gives its search text.
 */
export function encodeDocument(
  doc: StoredDocument<unknown>,
  data: unknown,
  held: Record<string, string | number>,
  searchText: (collection: string, data: unknown) => string,
): FsDocument {
  const { collection } = doc;
  const type = findContentType(collection);
  const richText = new Set(type ? richTextFieldsOf(type) : []);
  const sort = sortKeysOf(data, (field) => !richText.has(field));
  const text = searchText(collection, data);
  return {
    data,
    version: doc.version,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    datestamp: datestampOf(doc.updatedAt, data),
    _sort: sort,
    _lo: nullLowOf(data),
    _text: text,
    _search: text ? searchGrams(text) : [],
    _unique: held,
    _site: siteEntryOf(collection, data),
  };
}

/** The port document of a snapshot (with `select`: only those data fields, null when absent). */
export function toDocument<T>(collection: string, snap: DocumentSnapshot, select?: string[]): StoredDocument<T> {
  const raw = snap.data() as Partial<FsDocument>;
  const data = select ? Object.fromEntries(select.map((f) => [f, snap.get(`data.${f}`) ?? null])) : raw.data;
  return {
    collection,
    id: decodeId(snap.id),
    data: data as T,
    version: raw.version as number,
    createdAt: raw.createdAt as string,
    updatedAt: raw.updatedAt as string,
  };
}
