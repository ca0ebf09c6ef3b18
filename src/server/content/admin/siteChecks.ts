/**
 * Checks of addresses an editor types against the site as it stands (the schema cannot know it):
 * a redirect rule may neither hide a live page nor close a circle with the stored rules, and a menu
 * link to a path on the site must lead to a page. Run on every admin write, after the schema.
 */
import type { AnyContentType } from '../../../shared/content/define';
import type { ContentData } from '../../../shared/content/registry';
import { isSitePath } from '../../../shared/content/fields';
import { isReservedPath } from '../../../shared/routes';
import { matchRedirect, type RedirectRule } from '../../http/redirects';
import { redirectLoopOf } from '../../http/redirectLoop';
import { ConflictError, fieldErrorsOf, ValidationError } from '../errors';
import { livePageAt } from '../livePages';
import type { AdminCore, Data } from './common';

/** «Переадресації утворюють коло: /a → /b → /a». */
export function redirectLoopMessage(chain: string[]): string {
  return `Переадресації утворюють коло: ${chain.join(' → ')}`;
}

/** «Адреса /News показує розділ сайту «Новини»; …» for a rule from a live page. */
export function livePageMessage(path: string, name: string): string {
  return `Адреса ${path} показує ${name}; переадресація з неї сховала б цю сторінку від відвідувачів`;
}

/** «На сайті немає сторінки /x». */
export function noSuchPageMessage(path: string): string {
  return `На сайті немає сторінки ${path}`;
}

/** The stored redirect rules (as the redirect resolver reads them), without the one being saved. */
async function storedRules(core: AdminCore, selfId: string | undefined): Promise<RedirectRule[]> {
  const page = await core.store.list<RedirectRule>('redirects', {
    orderBy: { fields: ['priority'], direction: 'asc' },
    limit: 1000,
  });
  return page.items.filter((d) => d.id !== selfId).map((d) => d.data);
}

/**
 * CONFLICT, reason `live-address` at «Звідки», for a prefix rule from an address that shows a page
 * (the home page, a section's root, a visible document): rules run before any page, so it would
 * vanish for visitors. CONFLICT, reason `redirect-loop` at «Куди», when the rule's target leads back
 * to its source through the stored rules (or is the source).
 */
async function checkRedirect(core: AdminCore, rule: RedirectRule, selfId: string | undefined): Promise<void> {
  if (rule.match === 'prefix') {
    const live = await livePageAt(core.content, rule.from);
    if (live.kind === 'page') {
      const message = livePageMessage(rule.from, live.name);
      throw new ConflictError(message, {
        reason: 'live-address',
        field: 'from',
        zodError: fieldErrorsOf({ 'data.from': message }),
      });
    }
  }
  const loop = redirectLoopOf(await storedRules(core, selfId), rule);
  if (!loop) return;
  const message = redirectLoopMessage(loop);
  throw new ConflictError(message, {
    reason: 'redirect-loop',
    field: 'to',
    zodError: fieldErrorsOf({ 'data.to': message }),
  });
}

/** The links of a header menu (items and their children) or of the footer's columns, by dotted field path. */
function menuLinks(type: AnyContentType, data: Data): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (items: ContentData<'header'>['menu'], at: string) =>
    items.forEach((item, i) => {
      out.push([`${at}.${i}.href`, item.href]);
      walk(item.children, `${at}.${i}.children`);
    });
  if (type.key === 'header') walk((data as ContentData<'header'>).menu, 'menu');
  if (type.key === 'footer')
    (data as ContentData<'footer'>).columns.forEach((column, c) =>
      column.links.forEach((link, l) => out.push([`columns.${c}.links.${l}.href`, link.href])),
    );
  return out;
}

/** The decoded path of a link on the site without its query and hash, or null for other links. */
function linkPath(href: string): string | null {
  if (!isSitePath(href)) return null;
  const path = href.replace(/[?#].*$/, '') || '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * BAD_REQUEST, reason `no-such-page`, at the first menu link to a path on the site that shows no
 * page: not the server's own, matched by no redirect rule, and not a section, free page or visible
 * document (`livePageAt`; deeper addresses are not looked up and pass).
 */
async function checkMenuLinks(core: AdminCore, type: AnyContentType, data: Data): Promise<void> {
  let rules: RedirectRule[] | null = null;
  const seen = new Set<string>();
  for (const [field, href] of menuLinks(type, data)) {
    const path = linkPath(href);
    if (path === null || isReservedPath(path) || seen.has(path)) continue;
    seen.add(path);
    if ((await livePageAt(core.content, path)).kind !== 'none') continue;
    rules ??= await storedRules(core, undefined);
    if (matchRedirect(rules, path, '') !== null) continue;
    const message = noSuchPageMessage(path);
    throw new ValidationError(message, {
      reason: 'no-such-page',
      field,
      zodError: fieldErrorsOf({ [`data.${field}`]: message }),
    });
  }
}

/** Runs the checks of the type's addresses on valid data about to be stored (`selfId`: the document's id on update). */
export async function checkSiteAddresses(
  core: AdminCore,
  type: AnyContentType,
  data: Data,
  selfId: string | undefined,
): Promise<void> {
  if (type.key === 'redirects') await checkRedirect(core, data as RedirectRule, selfId);
  if (type.key === 'header' || type.key === 'footer') await checkMenuLinks(core, type, data);
}
