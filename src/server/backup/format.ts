/**
 * The backup archive (`npm run export -- FILE`, `npm run import -- FILE`): one gzip-compressed tar
 * (made and read with tar-stream, entry by entry, so neither side holds it in memory). Entries, in
 * this order:
 *
 *   manifest.json                 format name and version, creation time, source backend, bucket and
 *                                 download-URL origin, and per collection: document count, entry
 *                                 size and SHA-256; the same for files.jsonl, plus the file count
 *   documents/{collection}.jsonl  one document a line: {"id","data","version","createdAt","updatedAt"}
 *   files.jsonl                   one stored file a line: {"entry","name","size","sha256","contentType",
 *                                 "cacheControl"?,"contentDisposition"?,"metadata","downloadToken"}
 *   files/000001 …                the files' bytes, in the order of files.jsonl
 *
 * The manifest's checksums cover the document entries and files.jsonl; files.jsonl's cover each
 * file, so every byte is checked (and gzip's CRC covers the whole stream besides).
 */
import { z } from 'zod';
import { AUDIT_COLLECTION, REVISIONS_COLLECTION } from '../content/history';
import { contentTypes } from '../../shared/content/registry';

export const FORMAT = 'uhmi-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const FILES_INDEX_ENTRY = 'files.jsonl';

/** Thrown for anything wrong with an archive, or a target that refuses it; the message is one line. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * The collections a backup holds: every content type of the registry, the revisions and the audit
 * log. Not included: Firestore's bookkeeping (`_unique` guards, the `_changes` feed) and the
 * transient `_rateLimits` counters, which the target rebuilds or does not need.
 */
export function backupCollections(): string[] {
  return [...Object.keys(contentTypes), REVISIONS_COLLECTION, AUDIT_COLLECTION];
}

export const documentEntry = (collection: string) => `documents/${collection}.jsonl`;
export const fileEntry = (index: number) => `files/${String(index).padStart(6, '0')}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'not a SHA-256');
const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'not an ISO 8601 UTC instant');

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: iso,
  source: z.object({
    backend: z.enum(['embedded', 'firebase']),
    bucket: z.string().min(1),
    /** Origin of the source's download URLs ('' for the embedded store's site-relative ones). */
    urlOrigin: z.string(),
  }),
  collections: z.array(
    z.object({
      name: z.string().regex(/^_?[A-Za-z][A-Za-z0-9_]*$/, 'not a collection name'),
      count: z.number().int().nonnegative(),
      size: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  files: z.object({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    index: z.object({ size: z.number().int().nonnegative(), sha256 }),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const documentLineSchema = z.object({
  id: z.string().min(1).max(1500),
  data: z.unknown().refine((v) => v !== undefined, 'missing'),
  version: z.number().int().min(1),
  createdAt: iso,
  updatedAt: iso,
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const fileLineSchema = z.object({
  entry: z.string(),
  name: z.string().min(1).max(1024),
  size: z.number().int().nonnegative(),
  sha256,
  contentType: z.string().min(1),
  cacheControl: z.string().optional(),
  contentDisposition: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
  downloadToken: z.string().nullable(),
});
export type FileLine = z.infer<typeof fileLineSchema>;

/** The first problem zod found, as "path: message". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}
