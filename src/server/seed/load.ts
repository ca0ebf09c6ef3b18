/**
 * First-start seeding: when the store holds no documents (ifEmpty.ts checks, then imports this
 * module), load the institute's content set (content/), writing its files into storage under
 * `public/seed/` and validating every document with its type's schema before anything is written;
 * documents are then written in one batch.
 * Each data repository entry also gets its archive `{slug}.zip` under ARCHIVE_PREFIX (archives.ts).
 * Files and archives go through the object-store port: the embedded store, or with BACKEND=firebase
 * the project's Cloud Storage bucket; file references keep the port's download URL (site-relative
 * `/v0/b/…` for the embedded store, Firebase's absolute https URL with its token for the bucket).
 */
import { create as contentDisposition } from 'content-disposition';
import { getContentType, type ContentData, type ContentKey } from '../../shared/content/registry';
import type { ObjectStorePort } from '../storage/port';
import { ARCHIVE_PREFIX } from '../storage/rules';
import { datasetArchive, type ArchiveEntry } from './archives';
import { datasetArchiveExtras } from './content/dataRepo';
import type { DocumentStore } from '../store/port';
import { makeSeedFile } from './files';
import type { MadeFile } from './files';
import type { SeedFile, SeedSet } from './types';

function isSeedFile(value: unknown): value is SeedFile {
  return typeof value === 'object' && value !== null && (value as { seedFile?: unknown }).seedFile === true;
}

/** Replaces every SeedFile (and `{ file: SeedFile, ...rest }`) in a value by a stored file reference. */
async function materialise(
  value: unknown,
  store: (file: SeedFile) => Promise<Record<string, unknown>>,
): Promise<unknown> {
  if (isSeedFile(value)) return store(value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => materialise(v, store)));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (isSeedFile(obj.file)) {
      const { file, ...rest } = obj;
      return { ...(await store(file)), ...rest };
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = await materialise(v, store);
    return out;
  }
  return value;
}

export interface SeedTargets {
  store: DocumentStore;
  /** Where the files go: the embedded store's or the bucket's object-store port. */
  objects: ObjectStorePort;
}

/** Validates and writes a seed set; returns the number of documents written. Throws on an invalid document. */
export async function loadSeedSet(targets: SeedTargets, set: SeedSet): Promise<number> {
  const { objects } = targets;
  const storeFile = async (file: SeedFile, made: MadeFile) => {
    const stored = await objects.put(`public/seed/${file.name}`, made.bytes, { contentType: made.contentType });
    const url = objects.urlOf(stored);
    if (!url) throw new Error(`No download token for ${stored.name}`);
    const size = made.width && made.height ? { width: made.width, height: made.height } : {};
    return { path: stored.name, name: file.name, contentType: stored.contentType, size: stored.size, url, ...size };
  };
  const batch: Array<{ collection: string; id: string; data: unknown }> = [];
  const archives: Array<{ fileName: string; bytes: Buffer }> = [];
  for (const [key, docs] of Object.entries(set) as Array<[ContentKey, Array<{ id: string; data: unknown }>]>) {
    const type = getContentType(key);
    for (const doc of docs) {
      const files: ArchiveEntry[] = [];
      const data = await materialise(doc.data, async (file) => {
        const made = await makeSeedFile(file, key, doc.data as Record<string, unknown>);
        files.push({ name: file.name, bytes: made.bytes });
        return storeFile(file, made);
      });
      const parsed = type.schema.safeParse(data);
      if (!parsed.success) {
        throw new Error(
          `Seed document ${key}/${doc.id} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      batch.push({ collection: key, id: type.kind === 'singleton' ? key : doc.id, data: parsed.data });
      if (key === 'dataRepo') {
        const dataset = parsed.data as ContentData<'dataRepo'>;
        const extra = (datasetArchiveExtras[dataset.slug] ?? []).map((f) => ({ name: f.name, bytes: f.bytes() }));
        archives.push({ fileName: `${dataset.slug}.zip`, bytes: datasetArchive(dataset, [...files, ...extra]) });
      }
    }
  }
  for (const { fileName, bytes } of archives) {
    await objects.put(`${ARCHIVE_PREFIX}${fileName}`, bytes, {
      contentType: 'application/zip',
      contentDisposition: contentDisposition(fileName),
    });
  }
  await targets.store.createMany(batch);
  return batch.length;
}
