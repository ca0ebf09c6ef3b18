/**
 * The public route table's shared facts: validators for route parameters (a failure is a fatal 404),
 * the named route middleware, and bot detection. The client binds pages to these in app/routes.tsx.
 */

/** Largest page number a list page accepts in `?page=`. */
export const MAX_PAGE_PARAM = 10_000;

/** Items on one page of a public list page (`?page=N` shows the Nth twelve). */
export const LIST_PAGE_SIZE = 12;

/**
 * The address of an item on a list page at `path`: `path?page=N#anchor`, N the page that shows the
 * item's 0-based `position` in the list (no `?page=` for page 1), the anchor percent-encoded.
 */
export function listItemHref(path: string, position: number, anchor: string): string {
  const page = Math.floor(position / LIST_PAGE_SIZE) + 1;
  return `${path}${page > 1 ? `?page=${page}` : ''}#${encodeURIComponent(anchor)}`;
}

/** A slug or id segment: letters, digits, `.`, `_`, `-`; at most 120 characters. */
export function isValidSlugParam(value: string | undefined): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= 120 &&
    /^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*$/.test(value)
  );
}

/**
 * Reads `?page=` of a list page: 1 when absent, the number when it is 1..MAX_PAGE_PARAM written
 * plainly, otherwise null (a validation failure: fatal 404).
 */
export function parsePageParam(search: URLSearchParams): number | null {
  const raw = search.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE_PARAM ? page : null;
}

/** User agents that get no error screen, only a log (crawlers, link previews, audits). */
const BOT_PATTERN = /bot|lighthouse|facebookexternalhit|google/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}

/**
 * The 404 message of the spec, with the path as the visitor typed it: percent-escapes decoded
 * («/новини», not «/%D0%BD…»), or left as they are when they do not decode.
 */
export function pageNotFoundMessage(path: string): string {
  let shown = path;
  try {
    shown = decodeURIComponent(path);
  } catch {
    // a malformed escape: show the path as it came
  }
  return `Page Not Found: ${shown}`;
}

/**
 * The first path segments of the public pages, in the case the spec writes them (`/News`, `/docs`).
 * A unit test keeps this list equal to the route table's.
 */
export const PAGE_SEGMENTS = [
  'News',
  'docs',
  'Trainings',
  'conf',
  'journal',
  'Departments',
  'publications',
  'activity',
  'Developments',
  'Contacts',
  'data_repo',
  'COP29',
  'msg',
  'search',
] as const;

const segmentByLowerCase = new Map<string, string>(PAGE_SEGMENTS.map((s) => [s.toLowerCase(), s]));

/** Ukrainian names of the sections at PAGE_SEGMENTS, for messages that name one. */
const SECTION_NAMES: Record<(typeof PAGE_SEGMENTS)[number], string> = {
  News: 'Новини',
  docs: 'Документи',
  Trainings: 'Навчання',
  conf: 'Конференції',
  journal: 'Журнал',
  Departments: 'Наукові підрозділи',
  publications: 'Публікації',
  activity: 'Діяльність',
  Developments: 'Розробки',
  Contacts: 'Контакти',
  data_repo: 'Репозитарій даних',
  COP29: 'COP29',
  msg: 'MSG Tethys',
  search: 'Пошук',
};

/**
 * The built-in part of the site a first path segment belongs to (compared without regard to case,
 * as the pages' addresses are): the Ukrainian name of a public section (`news` → «Новини»), '' for
 * what the server answers itself (`edit`, `api`, `feeds`, `sitemap.xml`, …: `isReservedPath`), or
 * null when the segment is free for a page of its own.
 */
export function builtInSectionOf(segment: string): string | null {
  const page = segmentByLowerCase.get(segment.toLowerCase()) as (typeof PAGE_SEGMENTS)[number] | undefined;
  if (page) return SECTION_NAMES[page];
  return isReservedPath(`/${segment}`) ? '' : null;
}

/**
 * `pathname` with its first segment in the spec's case when a visitor typed a page's address in
 * another case (`/news/x` → `/News/x`), so each page has one address; null when nothing changes.
 */
export function canonicalCasePath(pathname: string): string | null {
  const end = pathname.indexOf('/', 1);
  const first = pathname.slice(1, end === -1 ? undefined : end);
  const canonical = segmentByLowerCase.get(first.toLowerCase());
  if (!canonical || canonical === first) return null;
  return `/${canonical}${end === -1 ? '' : pathname.slice(end)}`;
}

/**
 * The one address of a page for `pathname`: its first segment in the spec's case and no trailing
 * slash (`/news/x/` → `/News/x`; the home page stays `/`); null when `pathname` is already it.
 */
export function canonicalPagePath(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const target = canonicalCasePath(trimmed) ?? trimmed;
  return target === pathname ? null : target;
}

/**
 * Path prefixes the server answers itself, never with a page: the admin, the APIs, the
 * Firebase-compatible identity and storage endpoints, `/__/…`, build manifests, built assets and the Atom feeds.
 * A path is under a prefix when it equals it or continues with `/`.
 */
export const RESERVED_PATH_PREFIXES = [
  '/edit',
  '/api',
  '/v0',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/__',
  '/builds',
  '/assets',
  '/feeds',
  '/oai',
] as const;

/** Files served at the site root from `src/client/static` (a security test keeps this list equal to the folder). */
export const ROOT_STATIC_FILES = [
  '/apple-touch-icon.png',
  '/favicon.ico',
  '/icon-192.png',
  '/icon-512.png',
  '/icon.svg',
  '/logo.svg',
  '/og-image.png',
  '/site.webmanifest',
] as const;

/** Files the server generates at the site root (server/site/): robots.txt, the sitemap (and its parts `/sitemap-N.xml`), OpenSearch. */
export const GENERATED_ROOT_FILES = ['/robots.txt', '/sitemap.xml', '/opensearch.xml'] as const;

/**
 * Whether a (decoded) path belongs to the server rather than to the pages: under one of
 * RESERVED_PATH_PREFIXES or one of ROOT_STATIC_FILES. Compared without regard to case and with
 * repeated leading slashes or backslashes read as one slash, so no spelling slips through.
 * Redirect rules may neither be saved for such a path nor apply to one.
 */
export function isReservedPath(pathname: string): boolean {
  const path = pathname.replace(/^[/\\]+/, '/').toLowerCase();
  if (
    (ROOT_STATIC_FILES as readonly string[]).includes(path) ||
    (GENERATED_ROOT_FILES as readonly string[]).includes(path) ||
    /^\/sitemap-\d+\.xml$/.test(path)
  )
    return true;
  return RESERVED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Whether a URL or Location leaves the site: an absolute URL with a scheme, or `//host` / `/\host`
 * (browsers read a leading `\` as `/`). Used for redirect rules' targets and for Locations the
 * server sends.
 */
export function isExternalTarget(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to) || /^[/\\]{2}/.test(to);
}

/** Context a route middleware receives. */
export interface RouteMiddlewareContext {
  pathname: string;
  /** The query string, with its leading `?` (or empty). */
  search?: string;
  params: Record<string, string | undefined>;
}

/** A named route middleware: may throw (e.g. a redirect or a 404) to stop the navigation. */
export type RouteMiddleware = (ctx: RouteMiddlewareContext) => void | Promise<void>;

/** Resolves middleware names against a registry; an unknown name throws "Unknown route middleware". */
export function resolveRouteMiddleware(
  names: readonly string[],
  registry: Readonly<Record<string, RouteMiddleware>>,
): RouteMiddleware[] {
  return names.map((name) => {
    const mw = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
    if (!mw) throw new Error(`Unknown route middleware: '${name}'`);
    return mw;
  });
}

/** Least top offset (px) left above a hash target when scrolling to it; a taller sticky header leaves its own height. */
export const HASH_SCROLL_OFFSET = 64;
/** Delay (ms) before scrolling after a navigation. */
export const SCROLL_DELAY_MS = 100;

/**
 * A training's permalink: `/Trainings/{slug}` answers 302 to the /Trainings page that shows it
 * (trainings have no page of their own). Kept here, free of the content schemas, so the head's
 * JSON-LD links it without loading zod into the page.
 */
export function trainingPermalink(slug: string): string {
  return `/Trainings/${slug}`;
}

/** The last segment of a conference's book of abstracts (PDF), below its page. */
export const ABSTRACTS_BOOK_FILE = 'abstracts.pdf';
/** The last segment of a conference's or training's calendar file (.ics), below its page. */
export const CALENDAR_FILE = 'calendar.ics';

/** `/conf/{slug}/abstracts.pdf`: the book of abstracts of a conference. */
export function abstractsBookPath(conferenceSlug: string): string {
  return `/conf/${conferenceSlug}/${ABSTRACTS_BOOK_FILE}`;
}

/** `{page}/calendar.ics`: the calendar file of the event at `pagePath` (`/conf/{slug}`, `/Trainings/{slug}`). */
export function calendarPath(pagePath: string): string {
  return `${pagePath}/${CALENDAR_FILE}`;
}
