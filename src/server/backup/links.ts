/**
 * Download links across backends. Documents keep their files' Firebase download URLs
 * (`{origin}/v0/b/{bucket}/o/{encoded name}?alt=media&token=…`): site-relative in the embedded
 * store, `https://firebasestorage.googleapis.com` (or the emulator) with Firebase. Import keeps
 * every object's name and download token, and rewrites the origin and bucket of the URLs that point
 * at an object of the archive to the target's (the form its port's `urlOf` gives), in file
 * references, rich text and revisions alike. So links work after a move embedded → Firebase →
 * embedded, and such a round trip ends with the documents it started with.
 */
import { FIREBASE_STORAGE_ORIGIN, type ObjectStorePort, type StoredObject } from '../storage/port';

/** The origin of a port's download URLs: '' (site-relative) for the embedded store. */
export function urlOriginOf(port: ObjectStorePort): string {
  const probe: StoredObject = {
    bucket: port.bucket,
    name: 'probe',
    size: 0,
    contentType: 'text/plain',
    generation: '1',
    metadata: {},
    downloadToken: 't',
    updated: '',
  };
  const url = port.urlOf(probe) ?? '';
  const at = url.indexOf('/v0/b/');
  return at > 0 ? url.slice(0, at) : '';
}

const LINK = /(https?:\/\/[^/\s"'<>]+)?\/v0\/b\/([a-z0-9][a-z0-9._-]*)\/o\/([^?#\s"'<>&]+)\?alt=media/g;

export interface LinkRewrite {
  from: { origin: string; bucket: string };
  to: { origin: string; bucket: string };
  /** Object names the archive holds; links to other names stay as they are. */
  names: ReadonlySet<string>;
}

/** A rewrite that changes nothing (same origin and bucket). */
export function isIdentity(rewrite: LinkRewrite): boolean {
  return rewrite.from.origin === rewrite.to.origin && rewrite.from.bucket === rewrite.to.bucket;
}

function rewriteString(text: string, rewrite: LinkRewrite, origins: ReadonlySet<string>): string {
  if (!text.includes('/v0/b/')) return text;
  return text.replace(LINK, (whole, origin: string | undefined, bucket: string, encoded: string) => {
    if (!origins.has(origin ?? '') || bucket !== rewrite.from.bucket) return whole;
    let name: string;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      return whole;
    }
    if (!rewrite.names.has(name)) return whole;
    return `${rewrite.to.origin}/v0/b/${rewrite.to.bucket}/o/${encodeURIComponent(name)}?alt=media`;
  });
}

/** The value with its download links moved to the target (a new value; the input is not changed). */
export function rewriteLinks(value: unknown, rewrite: LinkRewrite): unknown {
  if (isIdentity(rewrite)) return value;
  // The source's own origin, and the two forms a document may hold from either backend.
  const origins = new Set([rewrite.from.origin, '', FIREBASE_STORAGE_ORIGIN]);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return rewriteString(v, rewrite, origins);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}
