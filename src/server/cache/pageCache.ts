/**
 * The page cache for anonymous visitors: rendered public pages kept in memory (an LRU bounded in
 * bytes, lru-cache), each stored once per encoding (identity, gzip, brotli), with a strong ETag per
 * encoding and the time it was rendered as Last-Modified. The compressed forms are made once, when
 * the page is stored: gzip level 6 and brotli quality 5 (about 1.5 ms for the 80 KB home page;
 * quality 11 takes ~110 ms, too much for the request that rendered); a page asked for again gets
 * its brotli form remade at quality 11 in the background (libuv's pool), once.
 *
 * Each entry records the content types its render read (the tRPC procedures the render called:
 * `news.list` reads `news`, the layout's `layout.get` reads the `header` and `footer` singletons), and a
 * change to a type (the store's change events: collection = type key) drops exactly the entries that
 * read it. Entries also expire after `ttlMs` (scheduled documents become visible by the clock, not
 * by a write), 404s sooner.
 *
 * What is never cached is decided by the SSR plugin (`ssr/plugin.ts`): signed-in staff (a
 * `__session` cookie), previews (`?preview=…`), renders that set cookies, statuses other than 200
 * and 404.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, crc32, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { TypeDependencies } from './typeDependencies';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface PageVariant {
  body: Buffer;
  etag: string;
}

export interface CachedPage {
  status: number;
  /** Last-Modified (HTTP date of the render, whole seconds). */
  lastModified: string;
  modifiedMs: number;
  variants: Record<Encoding, PageVariant>;
  /** Content types the render read. */
  reads: ReadonlySet<string>;
  /** Content-clock time after which the entry is no longer served. */
  expiresAt?: number;
  /** Brotli quality of `variants.br` (5, then 11 once remade). */
  brQuality: number;
  /** Whether the quality-11 brotli form is being made. */
  upgrading?: boolean;
  /** Response headers that belong to the page (its signposting `Link`), sent with every hit. */
  headers?: Readonly<Record<string, string>>;
}

const brotliParams = (quality: number, size: number) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: quality,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

export interface PageCacheOptions {
  /** Bound of the bodies held, all encodings together (default 64 MiB). */
  maxBytes?: number;
  /** Lifetime of a 200 page (default 60 s, as the CDN's s-maxage). */
  ttlMs?: number;
  /** Lifetime of a 404 page (default 10 s). */
  notFoundTtlMs?: number;
  /**
   * The content clock (the one deciding when scheduled documents become visible; tests shift it):
   * an entry is also stale once this clock passes its lifetime.
   */
  now?: () => Date;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stores: number;
  invalidations: number;
  entries: number;
  bytes: number;
}

/** Strong entity tag of a body: a hash of its bytes, with the encoding as suffix. */
export function strongEtag(body: Buffer | string, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** Smallest body worth compressing per request (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;

/**
 * The body of a page rendered for one request (staff, previews, errors: never cached), compressed
 * the cheapest way the client takes: brotli at quality 1 (about two thirds of gzip 1's CPU for
 * about as many bytes, text mode), else gzip at level 1 (some 10% more bytes than level 6). `etag`
 * is weak, since the bytes sent depend on the encoding: `weakEtag(html)`.
 */
export function perRequestBody(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null; etag: string } {
  const identity = Buffer.from(html, 'utf8');
  const etag = weakEtag(identity);
  const encoding = identity.length < COMPRESS_THRESHOLD ? null : negotiate(acceptEncoding ?? '', ['br', 'gzip']);
  if (encoding === 'br')
    return { body: brotliCompressSync(identity, brotliParams(1, identity.length)), encoding, etag };
  if (encoding === 'gzip') return { body: gzipSync(identity, { level: 1 }), encoding, etag };
  return { body: identity, encoding: null, etag };
}

/**
 * Weak entity tag of a body made per request, whose bytes on the wire vary by encoding: its
 * CRC-32 and its length in bytes. A weak validator need only tell versions of one address apart
 * (RFC 9110 §8.8.1); an edit that keeps both the length and the CRC-32 is a 1 in 2^32 chance,
 * where a hash would cost three to four times the CRC-32 per request.
 */
export function weakEtag(body: Buffer | string): string {
  return weakTag(crc32(body), typeof body === 'string' ? Buffer.byteLength(body) : body.length);
}

function weakTag(crc: number, length: number): string {
  return `W/"${crc.toString(36)}-${length.toString(36)}"`;
}

/** Compresses an HTML page when it is stored: gzip (level 6) and brotli (quality 5, text mode). */
export async function compressPage(identity: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, brotliParams(5, identity.length)),
  ]);
  return { gzip: gz, br };
}

/**
 * The address a page is rendered and cached at: the request's path with only the query parameters
 * in `read` (those the pages read: `page`, `q`, `kind`…), in the order they came. Tracking
 * parameters (`utm_*`, `fbclid`, `gclid`) and unknown ones change nothing a page shows.
 */
export function pageUrl(url: string, read: readonly string[]): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (read.includes(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `${url.slice(0, q)}?${search}` : url.slice(0, q);
}

/** The cache key of a page request: the path and its query with parameters in a stable order. */
export function pageCacheKey(url: string, variant = ''): string {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  let key = pathname;
  if (q >= 0 && q < url.length - 1) {
    const params = new URLSearchParams(url.slice(q + 1));
    params.sort();
    const search = params.toString();
    if (search) key += `?${search}`;
  }
  return variant ? `${variant}:${key}` : key;
}

export class PageCache {
  enabled = true;
  private readonly lru: LRUCache<string, CachedPage>;
  private readonly ttlMs: number;
  private readonly notFoundTtlMs: number;
  private readonly now: (() => Date) | undefined;
  /** Which entries read which types, and when each type last changed. */
  private readonly dependencies = new TypeDependencies();
  private counters = { hits: 0, misses: 0, stores: 0, invalidations: 0 };

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.notFoundTtlMs = options.notFoundTtlMs ?? 10_000;
    this.now = options.now;
    this.lru = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) =>
        page.variants.identity.body.length + page.variants.gzip.body.length + page.variants.br.body.length + 256,
      ttl: this.ttlMs,
      ttlAutopurge: false,
      dispose: (page, key) => this.dependencies.forget(key, page.reads),
    });
  }

  get(key: string): CachedPage | undefined {
    if (!this.enabled) return undefined;
    let page = this.lru.get(key);
    if (page?.expiresAt !== undefined && this.now!().getTime() >= page.expiresAt) {
      this.lru.delete(key);
      page = undefined;
    }
    if (page) {
      this.counters.hits++;
      if (page.brQuality < 11 && !page.upgrading) this.upgradeBrotli(key, page);
    } else this.counters.misses++;
    return page;
  }

  /** A mark taken before a render starts, handed to `store` afterwards. */
  mark(): number {
    return this.dependencies.mark();
  }

  /**
   * Builds the entry of a rendered page (compressing it) and stores it, unless a type it read
   * changed since `since` (the render may have seen the old data); returns the entry.
   */
  async store(
    key: string,
    status: number,
    html: string,
    reads: Iterable<string>,
    since: number,
    headers?: Readonly<Record<string, string>>,
  ): Promise<CachedPage> {
    const page = await buildCachedPage(status, html, reads);
    if (headers) page.headers = headers;
    if (this.enabled && !this.dependencies.changedSince(page.reads, since)) {
      const ttl = status === 200 ? this.ttlMs : this.notFoundTtlMs;
      if (this.now) page.expiresAt = this.now().getTime() + ttl;
      this.lru.set(key, page, { ttl });
      this.dependencies.track(key, page.reads);
      this.counters.stores++;
    }
    return page;
  }

  /** Drops every entry whose render read the given content type. */
  invalidateType(type: string): number {
    let n = 0;
    for (const key of this.dependencies.change(type)) if (this.lru.delete(key)) n++;
    this.counters.invalidations += n;
    return n;
  }

  clear(): void {
    this.dependencies.changeAll();
    this.lru.clear();
  }

  stats(): PageCacheStats {
    return { ...this.counters, entries: this.lru.size, bytes: this.lru.calculatedSize };
  }

  /** Remakes a page's brotli form at quality 11 in the background and swaps it in (new ETag). */
  private upgradeBrotli(key: string, page: CachedPage): void {
    page.upgrading = true;
    const identity = page.variants.identity.body;
    brotliAsync(identity, brotliParams(11, identity.length)).then(
      (br) => {
        page.brQuality = 11;
        if (br.length < page.variants.br.body.length)
          page.variants.br = { body: br, etag: page.variants.identity.etag.replace(/"$/, '-br11"') };
        // Sizes are counted at set: set it again if it is still the entry of its key.
        if (this.lru.peek(key) === page) this.lru.set(key, page, { ttl: this.lru.getRemainingTTL(key) || 1 });
      },
      () => {
        page.brQuality = 11; // keep quality 5
      },
    );
  }
}

export async function buildCachedPage(status: number, html: string, reads: Iterable<string>): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8');
  const { gzip: gz, br } = await compressPage(identity);
  const base = strongEtag(identity).slice(0, -1);
  const now = Math.floor(Date.now() / 1000) * 1000;
  return {
    status,
    lastModified: new Date(now).toUTCString(),
    modifiedMs: now,
    variants: {
      identity: { body: identity, etag: `${base}"` },
      gzip: { body: gz, etag: `${base}-gz"` },
      br: { body: br, etag: `${base}-br"` },
    },
    brQuality: 5,
    reads: new Set(reads),
  };
}

/** The best encoding the client accepts among br and gzip (q-values honoured), else identity. */
export function negotiateEncoding(header: string | undefined): Encoding {
  return negotiate<Encoding>(header ?? '', ['br', 'gzip']) ?? 'identity';
}

/**
 * Whether a conditional request is answered 304: If-None-Match (the tags compared as sent, so a weak
 * tag matches only the weak tag it was given; each encoding of a cached page has its own strong tag)
 * takes precedence over If-Modified-Since.
 */
export function notModified(
  headers: { 'if-none-match'?: string | undefined; 'if-modified-since'?: string | undefined },
  etags: readonly string[],
  modifiedMs: number | null,
): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    const tags = inm.split(',').map((t) => t.trim());
    return tags.some((t) => etags.includes(t));
  }
  const ims = headers['if-modified-since'];
  if (ims !== undefined && modifiedMs !== null) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && modifiedMs <= since;
  }
  return false;
}
