/**
 * The object-store port on Cloud Storage for Firebase, through firebase-admin
 * (`getStorage(app).bucket(name)`, whose objects are @google-cloud/storage `File`s): save,
 * createReadStream, getMetadata, delete, getFiles. With `STORAGE_EMULATOR_HOST` set
 * (`http://127.0.0.1:9199`; firebase-admin also derives it from `FIREBASE_STORAGE_EMULATOR_HOST`)
 * the same calls go to the Storage emulator.
 *
 * Download tokens are Firebase's: the custom metadata key `firebaseStorageDownloadTokens`
 * (comma-separated). `put` sets a new one, as the browser SDK's uploads get; `downloadUrl` adds
 * one to an object that has none (one put there with gsutil, say), as the Firebase console does.
 * The URL is the one firebase-admin's `getDownloadURL` builds
 * (`https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{encoded name}?alt=media&token=…`), made
 * from the object's own metadata without the extra request to the Firebase endpoint.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getStorage } from 'firebase-admin/storage';
import { firebaseAdminApp } from '../firebase/adminApp';
import { storageEmulatorOrigin } from '../firebase/emulatorHosts';
import { reaching } from './unreachable';
import {
  FIREBASE_STORAGE_ORIGIN,
  firebaseDownloadUrl,
  ObjectNotFoundError,
  type ObjectListOptions,
  type ObjectListPage,
  type ObjectStorePort,
  type PutOptions,
  type StoredObject,
} from './port';

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;
type FileMetadata = ReturnType<Bucket['file']>['metadata'];

/** The custom metadata key holding an object's Firebase download tokens. */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

/** Where download URLs point: the emulator when STORAGE_EMULATOR_HOST is set, else Firebase's endpoint. */
export function firebaseStorageOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return storageEmulatorOrigin(env) ?? FIREBASE_STORAGE_ORIGIN;
}

function isNotFound(err: unknown): boolean {
  return (err as { code?: unknown })?.code === 404;
}

function toStored(bucket: string, meta: FileMetadata): StoredObject {
  const custom: Record<string, string> = {};
  let downloadToken: string | null = null;
  for (const [key, value] of Object.entries(meta.metadata ?? {})) {
    if (value === null || value === undefined) continue;
    if (key === DOWNLOAD_TOKENS_KEY) downloadToken = String(value).split(',')[0] || null;
    else custom[key] = String(value);
  }
  const stored: StoredObject = {
    bucket,
    name: String(meta.name),
    size: Number(meta.size ?? 0),
    contentType: meta.contentType || 'application/octet-stream',
    generation: String(meta.generation ?? ''),
    metadata: custom,
    downloadToken,
    updated: String(meta.updated ?? meta.timeCreated ?? new Date().toISOString()),
  };
  if (meta.md5Hash) stored.md5Hash = meta.md5Hash;
  if (meta.cacheControl) stored.cacheControl = meta.cacheControl;
  if (meta.contentDisposition) stored.contentDisposition = meta.contentDisposition;
  return stored;
}

export class CloudObjectStorePort implements ObjectStorePort {
  readonly kind = 'gcs' as const;
  readonly bucket: string;

  constructor(
    private readonly gcs: Bucket,
    /** Origin of download URLs (firebaseStorageOrigin()). */
    private readonly origin = firebaseStorageOrigin(),
  ) {
    this.bucket = gcs.name;
  }

  /** Runs a bucket call; an unreachable endpoint or missing credentials become StorageUnreachableError. */
  private reach<T>(call: () => Promise<T>): Promise<T> {
    // The endpoint is read only when a call failed (the client's `storage.apiEndpoint`).
    return reaching(() => this.gcs.storage.apiEndpoint, this.bucket, call);
  }

  put(name: string, body: Buffer | Uint8Array | Readable, options: PutOptions): Promise<StoredObject> {
    return this.reach(() => this.putObject(name, body, options));
  }

  private async putObject(
    name: string,
    body: Buffer | Uint8Array | Readable,
    options: PutOptions,
  ): Promise<StoredObject> {
    const file = this.gcs.file(name);
    const metadata = {
      contentType: options.contentType,
      ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}),
      ...(options.contentDisposition ? { contentDisposition: options.contentDisposition } : {}),
      metadata: { ...(options.metadata ?? {}), [DOWNLOAD_TOKENS_KEY]: options.downloadToken || randomUUID() },
    };
    if (body instanceof Readable) {
      await pipeline(body, file.createWriteStream({ resumable: false, metadata }));
    } else {
      await file.save(Buffer.from(body.buffer, body.byteOffset, body.byteLength), { resumable: false, metadata });
    }
    const [meta] = await file.getMetadata();
    return toStored(this.bucket, meta);
  }

  async stream(name: string, range: { start?: number; end?: number } = {}): Promise<Readable> {
    const stored = await this.stat(name);
    if (!stored) throw new ObjectNotFoundError(name);
    const file = this.gcs.file(name);
    if (range.start === undefined && range.end === undefined) return file.createReadStream();
    const start = range.start ?? 0;
    const end = Math.min(range.end ?? stored.size - 1, stored.size - 1);
    if (end < start) return Readable.from([]);
    return file.createReadStream({ start, end });
  }

  async stat(name: string): Promise<StoredObject | null> {
    try {
      const [meta] = await this.reach(() => this.gcs.file(name).getMetadata());
      return toStored(this.bucket, meta);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(name: string): Promise<boolean> {
    try {
      await this.reach(() => this.gcs.file(name).delete());
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async list(options: ObjectListOptions = {}): Promise<ObjectListPage> {
    const [files, nextQuery, response] = await this.reach(() =>
      this.gcs.getFiles({
        autoPaginate: false,
        prefix: options.prefix || undefined,
        delimiter: options.delimiter || undefined,
        pageToken: options.pageToken,
        maxResults: options.maxResults ?? 1000,
      }),
    );
    const page: ObjectListPage = {
      prefixes: [...((response as { prefixes?: string[] } | undefined)?.prefixes ?? [])],
      items: files.map((f) => f.name),
    };
    const token = (nextQuery as { pageToken?: string } | null | undefined)?.pageToken;
    if (token) page.nextPageToken = token;
    return page;
  }

  async downloadUrl(name: string): Promise<string | null> {
    const stored = await this.stat(name);
    if (!stored) return null;
    if (stored.downloadToken) return this.urlOf(stored);
    const token = randomUUID();
    const [meta] = await this.reach(() =>
      this.gcs.file(name).setMetadata({ metadata: { [DOWNLOAD_TOKENS_KEY]: token } }),
    );
    return this.urlOf(toStored(this.bucket, meta));
  }

  urlOf(object: StoredObject): string | null {
    return object.downloadToken
      ? firebaseDownloadUrl(this.origin, object.bucket, object.name, object.downloadToken)
      : null;
  }
}

/** The port on a Firebase project's bucket (BACKEND=firebase; FIREBASE_STORAGE_BUCKET). */
export function createCloudObjectStore(options: { projectId: string; bucket: string }): CloudObjectStorePort {
  return new CloudObjectStorePort(getStorage(firebaseAdminApp(options.projectId)).bucket(options.bucket));
}
