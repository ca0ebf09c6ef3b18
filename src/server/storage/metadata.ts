/**
 * Object metadata: all of it as the store returns it (ObjectMetadata), and the writable part a client
 * may send (upload metadata part, resumable start body, PATCH), validated. Field names are Cloud
 * Storage's JSON names, as the firebase/storage SDK writes them (`toResourceString` over its writable
 * mappings): name, md5Hash, cacheControl, contentDisposition, contentEncoding, contentLanguage,
 * contentType and metadata (custom metadata). In a PATCH, null removes a field (and a null custom
 * key removes that key). Values that end up in response headers must be printable ASCII, so nothing
 * can split or break a header.
 */
import { z } from 'zod';
import { badRequest } from './errors';

const headerValue = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII');

const schema = z.object({
  name: z.string().max(2048).optional(),
  md5Hash: z
    .string()
    .regex(/^[A-Za-z0-9+/]{22}==$/, 'must be a base64 MD5 digest')
    .nullable()
    .optional(),
  contentType: headerValue(256).nullable().optional(),
  cacheControl: headerValue(1024).nullable().optional(),
  contentDisposition: headerValue(1024).nullable().optional(),
  contentEncoding: headerValue(64).nullable().optional(),
  contentLanguage: headerValue(64).nullable().optional(),
  metadata: z.record(z.string().min(1).max(256), z.string().max(4096).nullable()).nullable().optional(),
});

export type WritableMetadata = z.output<typeof schema>;

/** Object metadata as Cloud Storage for Firebase returns it (GET /v0/b/{bucket}/o/{name}). */
export interface ObjectMetadata {
  bucket: string;
  name: string;
  generation: string;
  metageneration: string;
  size: string;
  md5Hash: string;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string>;
  timeCreated: string;
  updated: string;
  storageClass: 'STANDARD';
  /** Comma-separated download tokens; the first builds the download URL. */
  downloadTokens: string;
}

/** Largest custom metadata accepted, keys plus values in bytes (Cloud Storage's limit is 8 KiB). */
export const MAX_CUSTOM_METADATA_BYTES = 8 * 1024;

/**
 * Validates client metadata (unknown fields are ignored, as Cloud Storage ignores read-only ones).
 * Throws StorageHttpError 400 naming the field.
 */
export function parseWritableMetadata(raw: unknown): WritableMetadata {
  if (raw === undefined || raw === null || raw === '') return {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`Invalid metadata: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const custom = parsed.data.metadata;
  if (custom) {
    const bytes = Object.entries(custom).reduce(
      (n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v ?? ''),
      0,
    );
    if (bytes > MAX_CUSTOM_METADATA_BYTES)
      throw badRequest(`Invalid metadata: custom metadata exceeds ${MAX_CUSTOM_METADATA_BYTES} bytes`);
  }
  return parsed.data;
}

/** Parses a JSON body (up to the caller's size limit) into writable metadata; 400 when it is not a JSON object. */
export function parseMetadataJson(text: string): WritableMetadata {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Invalid metadata: the body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('Invalid metadata: expected a JSON object');
  return parseWritableMetadata(value);
}
