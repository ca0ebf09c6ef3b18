/**
 * The object-store port: the server's own access to the files bucket, whatever holds it. Names are
 * Cloud Storage object names in one bucket (the configured FIREBASE_STORAGE_BUCKET). Two
 * implementations, checked by one contract suite (tests/contract/objectStore.test.ts):
 *
 * - `DiskObjectStorePort` (diskPort.ts): the embedded store (objects.ts: metadata in SQLite, bytes
 *   under DATA_DIR/storage), the same objects the embedded `/v0/b/…` endpoints serve;
 * - `CloudObjectStorePort` (cloudPort.ts): Cloud Storage for Firebase through firebase-admin
 *   (`getStorage(app).bucket(name)`, @google-cloud/storage's File API), or the Storage emulator
 *   when `STORAGE_EMULATOR_HOST` is set.
 *
 * The browser does not use this port: it uploads with the firebase/storage SDK, to this server in
 * embedded mode and to Google (or STORAGE_EMULATOR_HOST) in firebase mode. The server uses it for
 * what it writes or looks up itself: seed files, dataset archives, the zip redirects.
 */
import type { Readable } from 'node:stream';

/** What the port reports about a stored object. */
export interface StoredObject {
  bucket: string;
  name: string;
  /** Bytes. */
  size: number;
  contentType: string;
  /** Increases with every write of the name (Cloud Storage's generation). */
  generation: string;
  /** Base64 MD5 of the bytes. */
  md5Hash?: string;
  cacheControl?: string;
  contentDisposition?: string;
  /** Custom metadata, without the download tokens. */
  metadata: Record<string, string>;
  /** The first Firebase download token; null when the object has none (made outside Firebase). */
  downloadToken: string | null;
  /** ISO time of the last write or metadata change. */
  updated: string;
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  /** Custom metadata (string values). */
  metadata?: Record<string, string>;
  /** The download token to give the object (`npm run import` keeps an archive's); a new one when absent. */
  downloadToken?: string;
}

export interface ObjectListOptions {
  prefix?: string;
  /** With '/', names with a '/' after the prefix are rolled up into `prefixes`. */
  delimiter?: string;
  pageToken?: string;
  /** Entries (items and prefixes together) per page, 1 to 1000. */
  maxResults?: number;
}

export interface ObjectListPage {
  /** Rolled-up "folders", each ending with the delimiter. */
  prefixes: string[];
  /** Object names, in name order. */
  items: string[];
  nextPageToken?: string;
}

/** Thrown by `stream` for a name that holds no object. */
export class ObjectNotFoundError extends Error {
  constructor(readonly objectName: string) {
    super(`No such object: ${objectName}`);
    this.name = 'ObjectNotFoundError';
  }
}

export interface ObjectStorePort {
  /** `disk` (embedded) or `gcs` (Cloud Storage for Firebase). */
  readonly kind: 'disk' | 'gcs';
  readonly bucket: string;
  /**
   * Stores an object (replacing one of the same name) with a new download token and returns its
   * metadata. A stream is consumed to its end; nothing is visible until all of it is stored.
   */
  put(name: string, body: Buffer | Uint8Array | Readable, options: PutOptions): Promise<StoredObject>;
  /** The bytes, or the inclusive range [start, end] of them. Rejects with ObjectNotFoundError. */
  stream(name: string, range?: { start?: number; end?: number }): Promise<Readable>;
  /** The object's metadata, null when there is none. */
  stat(name: string): Promise<StoredObject | null>;
  /** Removes an object; false when there was none. */
  delete(name: string): Promise<boolean>;
  /** Names in name order, as Cloud Storage's objects.list gives them. */
  list(options?: ObjectListOptions): Promise<ObjectListPage>;
  /**
   * The Firebase download URL of an object (with its token, which is created when the object has
   * none), null when there is no such object. Disk: the embedded endpoint's site-relative
   * `/v0/b/{bucket}/o/{name}?alt=media&token=…`; Cloud Storage:
   * `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{name}?alt=media&token=…`, the URL
   * firebase-admin's `getDownloadURL` and the browser SDK's give.
   */
  downloadUrl(name: string): Promise<string | null>;
  /** The download URL of an object whose metadata is at hand (from `put` or `stat`); null without a token. */
  urlOf(object: StoredObject): string | null;
}

/** Firebase Storage's download host (outside the emulator). */
export const FIREBASE_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/**
 * The download URL form shared by Firebase Storage, its emulator and the embedded endpoints:
 * `{origin}/v0/b/{bucket}/o/{encoded name}?alt=media&token={token}`; `origin` '' gives a
 * site-relative path.
 */
export function firebaseDownloadUrl(origin: string, bucket: string, name: string, token: string): string {
  return `${origin}/v0/b/${bucket}/o/${encodeURIComponent(name)}?alt=media&token=${token}`;
}
