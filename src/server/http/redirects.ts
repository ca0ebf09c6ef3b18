/**
 * Redirect rules (spec section 2), stored as `redirects` documents and answered with 301 before any
 * rendering. Matching is a pure function so it is unit-tested without a server.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalPagePath, isExternalTarget, isReservedPath } from '../../shared/routes';
import type { ContentData } from '../../shared/content/registry';
import type { ObjectStorePort } from '../storage/port';
import { ARCHIVE_PREFIX } from '../storage/rules';
import type { DocumentStore } from '../store/port';
import { safeLocalPath } from './safePath';

export type RedirectRule = ContentData<'redirects'>;

function isUnder(pathname: string, prefix: string): boolean {
  if (prefix === '/') return true;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Where archives are: a folder URL (`{url}/{name}.zip`), or a lookup from the file name to the
 * archive's URL, null when there is no such archive.
 */
export type ArchiveFolder = string | ((fileName: string) => string | null);

/**
 * Whether a stored rule may be applied at all: its `from` is not a path the server answers itself
 * and its target is a path here or an https address (the admin refuses anything else when saving;
 * this keeps rules stored another way, or before that check, harmless).
 */
function isApplicable(rule: RedirectRule): boolean {
  if (isReservedPath(rule.from)) return false;
  return !isExternalTarget(rule.to) || /^https:\/\/[^/\\]/i.test(rule.to);
}

/**
 * The target of the first matching rule (lowest priority first), or null.
 * - prefix: `from` itself or any path under `from/` goes to `to`, plus the rest of the path when `keepRest`;
 * - zip: `{name}.zip` under `from` goes to `{to}/{name}.zip` when `to` is a URL, else to the archive in `archives`.
 * The query string is kept. Paths the server answers itself (`isReservedPath`: the admin, APIs,
 * identity and storage endpoints, assets) never match, whatever the rules say.
 */
export function matchRedirect(
  rules: RedirectRule[],
  pathname: string,
  search: string,
  archives?: ArchiveFolder,
): string | null {
  if (isReservedPath(pathname)) return null;
  return matchOrdered(orderedRules(rules), pathname, search, archives);
}

/** The rules matching tries, in its order: the applicable ones, lowest priority first. */
function orderedRules(rules: RedirectRule[]): RedirectRule[] {
  return rules.filter(isApplicable).sort((a, b) => a.priority - b.priority);
}

/** matchRedirect on rules already reduced and ordered by `orderedRules`. */
function matchOrdered(
  ordered: RedirectRule[],
  pathname: string,
  search: string,
  archives?: ArchiveFolder,
): string | null {
  if (isReservedPath(pathname)) return null;
  for (const rule of ordered) {
    if (!isUnder(pathname, rule.from)) continue;
    if (rule.match === 'zip') {
      const fileName = /\/([^/]+\.zip)$/i.exec(pathname)?.[1];
      if (!fileName) continue;
      const folder = /^https:\/\//i.test(rule.to) ? rule.to.replace(/\/+$/, '') : archives;
      const target = typeof folder === 'function' ? folder(fileName) : folder ? `${folder}/${fileName}` : null;
      if (target) return target;
      continue;
    }
    const rest = pathname.slice(rule.from === '/' ? 0 : rule.from.length);
    const target = rule.keepRest ? `${rule.to.replace(/\/+$/, '')}${rest}` || '/' : rule.to;
    if (target === pathname) continue; // never redirect a path to itself
    return `${target}${search}`;
  }
  return null;
}

/** An archive folder whose lookup may ask a store (storageArchives). */
export type ArchiveSource = string | ((fileName: string) => string | null | Promise<string | null>);

/**
 * The archives in storage: `{name}.zip` is the object ARCHIVE_PREFIX + name of the files bucket
 * (embedded store or Cloud Storage, through the port), answered with its download URL when it
 * exists (a public object, see rules.ts).
 */
export function storageArchives(objects: ObjectStorePort): ArchiveSource {
  return (fileName) => objects.downloadUrl(`${ARCHIVE_PREFIX}${fileName}`);
}

/**
 * matchRedirect with an archive lookup that may be asynchronous. The lookup runs only when a zip
 * rule asks for an archive: a first pass records the file name (answering "no archive"), and only
 * then is the store asked and the rules matched again with its answer.
 */
export async function matchRedirectWith(
  rules: RedirectRule[],
  pathname: string,
  search: string,
  archives?: ArchiveSource,
): Promise<string | null> {
  if (isReservedPath(pathname)) return null;
  return matchOrderedWith(orderedRules(rules), pathname, search, archives);
}

/** matchRedirectWith on rules already reduced and ordered by `orderedRules`. */
async function matchOrderedWith(
  ordered: RedirectRule[],
  pathname: string,
  search: string,
  archives?: ArchiveSource,
): Promise<string | null> {
  if (typeof archives !== 'function') return matchOrdered(ordered, pathname, search, archives);
  const asked: { fileName?: string } = {};
  const first = matchOrdered(ordered, pathname, search, (fileName) => {
    asked.fileName = fileName;
    return null;
  });
  const wanted = asked.fileName;
  if (wanted === undefined) return first;
  const url = await archives(wanted);
  return matchOrdered(ordered, pathname, search, (fileName) => (fileName === wanted ? url : null));
}

/**
 * Loads rules from the store and caches the applicable ones, in matching order, until the
 * `redirects` collection changes (a request only walks the cached list).
 */
export function createRedirectResolver(store: DocumentStore, archives?: ArchiveSource) {
  let cache: RedirectRule[] | null = null;
  store.onChange((e) => {
    if (e.collection === 'redirects') cache = null;
  });
  async function rules(): Promise<RedirectRule[]> {
    if (!cache) {
      const result = await store.list<RedirectRule>('redirects', {
        orderBy: { fields: ['priority'], direction: 'asc' },
        limit: 1000,
      });
      cache = orderedRules(result.items.map((d) => d.data));
    }
    return cache;
  }
  return async (pathname: string, search: string) => matchOrderedWith(await rules(), pathname, search, archives);
}

/**
 * The Location header for a redirect target: an absolute https/http URL (a rule's external target
 * or the configured archive folder) as it is, anything else as a path that stays on the site.
 */
function locationOf(target: string): string {
  if (/^https?:\/\/[^/\\]/i.test(target)) return target;
  return safeLocalPath(target);
}

export interface RedirectsOptions {
  /** Where the `redirects` rules are read (and their changes heard). */
  store: DocumentStore;
  /** The archive folder of zip rules (ARCHIVE_BASE_URL, or the archives in storage). */
  archives?: ArchiveSource;
}

const answerRedirects: FastifyPluginCallback<RedirectsOptions> = (app, options, done) => {
  const resolve = createRedirectResolver(options.store, options.archives);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const search = q === -1 ? '' : url.slice(q);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return;
    }
    // The server's own paths, however spelled (`/%61pi/…` is routed as `/api/…`), are never redirected.
    if (isReservedPath(decoded)) return;
    // One address per page: case of the first segment, no trailing slash (on the raw path: the rest keeps its escapes as sent).
    let target = canonicalPagePath(pathname);
    if (target)
      return reply
        .code(301)
        .header('Location', safeLocalPath(`${target}${search}`))
        .send();
    try {
      target = await resolve(decodeURI(pathname), search);
    } catch (err) {
      // A failing rule store must not take the site down: log it and render the page as asked.
      request.log.error({ err }, 'redirect rules unavailable');
      return;
    }
    if (target)
      return reply
        .code(301)
        .header('Location', locationOf(encodeURI(target).replace(/%25([0-9A-F]{2})/gi, '%$1')))
        .send();
  });
  done();
};

/**
 * Answers GET/HEAD requests of site pages with 301 to a page's address in its canonical case, or when
 * a rule matches. Every Location built from the request path stays on the site (`safeLocalPath`).
 * Its onRequest hook runs for the whole app (fastify-plugin: not encapsulated).
 */
export const redirects = fp(answerRedirects, { name: 'redirects' });
