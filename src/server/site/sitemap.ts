/**
 * /sitemap.xml: every public address visitors can open — the home page, each type's list page and
 * every visible document with a page of its own (the registry's `publicPath`, or a `publicPlace`
 * under a visible parent: theses under their conference) and its `subPages` — each with `lastmod`. Past `limit`
 * addresses (50,000, the protocol's maximum) /sitemap.xml is an index of /sitemap-N.xml parts.
 *
 * Nothing loads whole collections or bodies: the total is counted per type, and a part walks only
 * its own range of each type's visible documents in the type's default public order, 1000 at a time
 * with a projection of the slug (and the parent relation), through the same indexed queries the
 * public lists use, in both backends.
 */
import type { AnyContentType } from '../../shared/content/define';
import { hasOwnPage, listPathOf, parentRelationOf, placeOf, siteTypes } from '../../shared/content/places';
import { getContentType } from '../../shared/content/registry';
import { FIXED_PAGE_SLUGS } from '../../shared/content/constants';
import { builtInSectionOf } from '../../shared/routes';
import type { ContentService } from '../content/service';
import type { ListQuery } from '../store/port';
import { xmlEscape } from './xml';

/** Most addresses in one sitemap file (the sitemaps.org protocol's limit). */
export const SITEMAP_LIMIT = 50_000;
/** Documents read per store query while walking a type. */
const BATCH = 1000;
/** Documents of a list's first page, whose newest change is the list page's `lastmod`. */
const LIST_HEAD = 20;

export interface SitemapUrl {
  /** Site path (`/News/x`). */
  path: string;
  /** ISO instant of the last change. */
  lastmod: string | null;
  /** The path is already percent-encoded (a sub-page's canonical address): not encoded again. */
  encoded?: boolean;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Whether a document's one-segment address belongs to a built-in section or to the server (`/docs`,
 * `/edit`): a free page stored with such a slug before they were refused is never shown there, so it
 * is not listed (the fixed page /COP29 is the page its route shows).
 */
function isShadowed(path: string): boolean {
  const segment = path.slice(1);
  return !segment.includes('/') && segment !== FIXED_PAGE_SLUGS.cop29 && builtInSectionOf(segment) !== null;
}

/** The newer of two ISO instants (null: unknown). */
function newer(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

export class Sitemap {
  /** Paths of visible parent documents by type and id (null: not visible), for placed types. */
  private readonly parents = new Map<string, string | null>();
  /** Every address of each type with sub-pages (its documents' and theirs), read by `plan`. */
  private readonly expanded = new Map<string, SitemapUrl[]>();

  constructor(
    private readonly content: ContentService,
    private readonly origin: string,
    private readonly limit = SITEMAP_LIMIT,
  ) {}

  /** The XML of /sitemap.xml: all addresses, or the index of the parts when there are more than `limit`. */
  async root(): Promise<string> {
    const plan = await this.plan();
    if (plan.total <= this.limit) return this.urlset(await this.range(plan, 0, plan.total));
    const parts = Math.ceil(plan.total / this.limit);
    const entries = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${xmlEscape(`${this.origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  /** The XML of /sitemap-N.xml (1-based), or null when there is no such part. */
  async part(n: number): Promise<string | null> {
    const plan = await this.plan();
    const parts = Math.ceil(plan.total / this.limit);
    if (plan.total <= this.limit || n < 1 || n > parts) return null;
    return this.urlset(await this.range(plan, (n - 1) * this.limit, Math.min(plan.total, n * this.limit)));
  }

  private urlset(urls: SitemapUrl[]): string {
    const lines = urls.map(
      (u) =>
        `<url><loc>${xmlEscape(this.origin + (u.encoded ? u.path : encodeURI(u.path)))}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ''}</url>`,
    );
    return `${XML_HEAD}<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;
  }

  /** The fixed pages (with their lastmod) and, per type with pages of its own, how many are visible. */
  private async plan(): Promise<{
    fixed: SitemapUrl[];
    types: Array<{ type: AnyContentType; count: number }>;
    total: number;
  }> {
    const lists = new Map<string, string | null>();
    let home: string | null = null;
    for (const type of siteTypes()) {
      const path = listPathOf(type);
      if (!path) continue;
      const head = await this.content.store.list(type.key, { ...this.query(type), limit: LIST_HEAD, select: [] });
      const lastmod = head.items.reduce<string | null>((m, d) => newer(m, d.updatedAt), null);
      lists.set(path, newer(lists.get(path) ?? null, lastmod));
      home = newer(home, lastmod);
    }
    const fixed: SitemapUrl[] = [
      { path: '/', lastmod: home },
      ...[...lists].map(([path, lastmod]) => ({ path, lastmod })),
    ];
    const types = await Promise.all(
      siteTypes()
        .filter(hasOwnPage)
        .map(async (type) => {
          const count = await this.content.store.count(type.key, this.content.visibilityFilters(type));
          if (!type.subPages) return { type, count };
          // A type with sub-pages is walked whole once, so parts split its addresses, not its documents.
          const urls = await this.walk(type, 0, count);
          this.expanded.set(type.key, urls);
          return { type, count: urls.length };
        }),
    );
    return { fixed, types, total: fixed.length + types.reduce((n, t) => n + t.count, 0) };
  }

  /** The visible documents of a type in its default public order (the public list's query). */
  private query(type: AnyContentType): Omit<ListQuery, 'limit'> {
    const sort = Object.values(type.sorts)[0];
    return {
      where: this.content.visibilityFilters(type),
      orderBy: { fields: sort?.by ?? ['createdAt'], direction: sort?.direction ?? 'desc', collation: 'uk' },
    };
  }

  /** The addresses at positions [from, to) of the plan (fixed pages first, then each type's documents). */
  private async range(plan: Awaited<ReturnType<Sitemap['plan']>>, from: number, to: number): Promise<SitemapUrl[]> {
    const out = plan.fixed.slice(from, to);
    let start = plan.fixed.length;
    for (const { type, count } of plan.types) {
      const lo = Math.max(from, start);
      const hi = Math.min(to, start + count);
      const expanded = this.expanded.get(type.key);
      if (lo < hi)
        out.push(...(expanded ? expanded.slice(lo - start, hi - start) : await this.walk(type, lo - start, hi - lo)));
      start += count;
    }
    return out;
  }

  /** `count` documents of a type from `offset` on, as addresses (documents without one left out). */
  private async walk(type: AnyContentType, offset: number, count: number): Promise<SitemapUrl[]> {
    const relation = parentRelationOf(type);
    const select = [type.slug?.field, relation?.field, ...(type.subPages?.fields ?? [])].filter((f): f is string =>
      Boolean(f),
    );
    const out: SitemapUrl[] = [];
    let cursor: string | undefined;
    let read = 0;
    while (read < count) {
      const page = await this.content.store.list<Record<string, unknown>>(type.key, {
        ...this.query(type),
        limit: Math.min(BATCH, count - read),
        ...(cursor ? { cursor } : { offset }),
        select,
      });
      for (const doc of page.items) {
        const parent = relation ? await this.parentPath(relation.to, doc.data[relation.field]) : null;
        const path = placeOf(type, { ...doc.data, id: doc.id }, parent);
        if (path && isShadowed(path)) continue;
        if (path) out.push({ path, lastmod: doc.updatedAt });
        if (path && type.subPages)
          for (const sub of type.subPages.paths({ ...doc.data, id: doc.id }))
            out.push({ path: sub, lastmod: doc.updatedAt, encoded: true });
      }
      read += page.items.length;
      if (!page.nextCursor || !page.items.length) break;
      cursor = page.nextCursor;
    }
    return out;
  }

  /** The address of a visible parent document (looked up once per sitemap), or null. */
  private async parentPath(typeKey: string, id: unknown): Promise<string | null> {
    if (typeof id !== 'string') return null;
    const key = `${typeKey}/${id}`;
    if (!this.parents.has(key)) {
      const type = getContentType(typeKey);
      const doc = await this.content.store.get<Record<string, unknown>>(typeKey, id);
      this.parents.set(
        key,
        doc && this.content.isVisible(type, doc.data) ? placeOf(type, { ...doc.data, id: doc.id }) : null,
      );
    }
    return this.parents.get(key)!;
  }
}
