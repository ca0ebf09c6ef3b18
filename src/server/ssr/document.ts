/**
 * The HTML document around a server-rendered page (lang="uk", head tags, assets, hydration state).
 * No inline script: the configuration, the dehydrated react-query state, the router's hydration
 * data and the texts it formatted travel in one non-executable JSON block
 * (`<script type="application/json" id="__APP_DATA__">`, read by the entry), so the same bytes can
 * be served to everyone (page cache, CDN) and the CSP needs no nonce. The block comes after the
 * page's content, so the browser parses and paints the content first (the module script is
 * deferred: it runs once the whole document, the block too, is parsed). The script is fetched at
 * low priority: the server-rendered page paints without it, so on a slow connection its bytes
 * should not compete with the page's own (Lighthouse counts them towards FCP).
 */
import { ADMIN_TITLE } from '../../shared/head/adminTitle';
import { openGraphTags } from '../../shared/head/openGraph';
import type { HeadPart, HeadTags } from '../../shared/head/tags';
import type { PublicConfig } from '../../shared/publicConfig';
import { siteHeadLinks } from '../site/headLinks';
import { escapeHtml } from '../http/escapeHtml';
import type { EntryAssets } from './assets';

/** The id of the JSON data block (see src/client/lib/appData.ts). */
export const APP_DATA_ID = '__APP_DATA__';

/**
 * JSON safe to put inside a <script> element: every `<` is escaped (so neither `</script>` nor
 * `<!--` can appear), and the line separators JavaScript once refused.
 */
export function scriptJson(value: unknown): string {
  return scriptText(JSON.stringify(value));
}

/** JSON text made safe inside a script element (as is: a JSON document is a JavaScript literal). */
export function scriptText(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page's Open Graph and Twitter card tags, then each head part's `citation_*` meta, its
 * signposting `<link>`s and its JSON-LD block. A JSON-LD block is a data block (`type="application/ld+json"`), never executed, so
 * the CSP (`script-src 'self'`, no inline script) allows it; its JSON has every `<` escaped.
 */
function shareAndDataTags(head: HeadTags): string {
  const og = openGraphTags(head)
    .filter(([, , content]) => content)
    .map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`);
  return [...og, ...head.parts.flatMap(headPartTags)].join('\n');
}

function headPartTags(part: HeadPart): string[] {
  const mark = `data-head="${escapeHtml(part.key)}" data-head-id="${escapeHtml(part.id)}"`;
  const tags = part.meta.map((m) => `<meta name="${escapeHtml(m.name)}" content="${escapeHtml(m.content)}" ${mark}>`);
  for (const l of part.links)
    tags.push(
      `<link rel="${l.rel}" href="${escapeHtml(l.href)}"${l.type ? ` type="${escapeHtml(l.type)}"` : ''} ${mark}>`,
    );
  if (part.jsonLd) tags.push(`<script type="application/ld+json" ${mark}>${scriptText(part.jsonLd)}</script>`);
  return tags;
}

/** Icons and the web app manifest (files of src/client/static, drawn by scripts/make-icons.ts). */
const ICON_TAGS = `<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="manifest" href="/site.webmanifest">`;

/**
 * Style tags: the critical CSS inlined in a <style> (small: the site's own styles), other sheets
 * linked. Inline styles are allowed by the CSP (style-src 'unsafe-inline').
 */
function styleTags(assets: EntryAssets): string {
  const tags: string[] = [];
  for (const href of assets.css) {
    const inline = assets.inlineCss?.[href];
    tags.push(
      inline !== undefined
        ? `<style data-href="${escapeHtml(href)}">${inline.replace(/<\/style/gi, '<\\/style')}</style>`
        : `<link rel="stylesheet" href="${escapeHtml(href)}">`,
    );
  }
  return tags.join('\n');
}

/**
 * The preload of the page's main image (the LCP candidate: a cover, the first card's image), so the
 * browser fetches it at once rather than after parsing the inlined styles and the page's content; with
 * `imagesrcset` and `imagesizes` it picks the same variant the `<img>` will.
 */
function imagePreload(image: { href: string; srcSet?: string; sizes: string } | undefined): string {
  if (!image) return '';
  const srcset = image.srcSet
    ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset} fetchpriority="high">\n`;
}

/**
 * The data block's JSON: `{config, state, router, texts}`, with the state's JSON text embedded as a
 * value (not encoded a second time as a string), all of it safe inside a script element.
 */
function appDataJson(opts: {
  config: PublicConfig;
  state: string;
  router: unknown;
  texts?: Record<string, string>;
}): string {
  return scriptText(
    `{"config":${JSON.stringify(opts.config)},"state":${opts.state},"router":${JSON.stringify(opts.router ?? null)},"texts":${JSON.stringify(opts.texts ?? {})}}`,
  );
}

const buildTagsOf = new WeakMap<EntryAssets, string>();

/**
 * The run of every page's document that depends only on the build: the theme colour, icons, the
 * inlined critical CSS, module preloads and the entry script, through the opening of `#root`. Made
 * once per build's assets (the same string for every page).
 */
function buildTags(assets: EntryAssets): string {
  let tags = buildTagsOf.get(assets);
  if (tags === undefined) {
    tags = `<meta name="theme-color" content="#0b4f8a">
${ICON_TAGS}
${styleTags(assets)}
${assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n')}
${assets.script ? `<script type="module" src="${escapeHtml(assets.script)}" fetchpriority="low"></script>` : ''}
</head>
<body>
<div id="root">`;
    buildTagsOf.set(assets, tags);
  }
  return tags;
}

export function htmlDocument(opts: {
  head: HeadTags;
  appHtml: string;
  /** The dehydrated react-query state as JSON text (each query's data as superjson's `{json, meta}`), embedded as it is. */
  state: string;
  /** react-router's hydration data (loaderData, actionData, serialised errors). */
  router: unknown;
  /** The texts the render formatted with Intl, key → text (shared/formattedTexts.ts). */
  texts?: Record<string, string>;
  config: PublicConfig;
  assets: EntryAssets;
  /** Keep the page out of search engines (previews of drafts). */
  noindex?: boolean;
  /** The page's main image (its LCP candidate): preloaded at high priority, first thing in the head. */
  priorityImage?: { href: string; srcSet?: string; sizes: string };
}): string {
  const { head, assets } = opts;
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${imagePreload(opts.priorityImage)}<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
<link rel="canonical" href="${escapeHtml(head.canonical)}">
${siteHeadLinks(opts.config.origin)}
${opts.noindex ? '<meta name="robots" content="noindex, nofollow">\n' : ''}${shareAndDataTags(head)}
${buildTags(assets)}${opts.appHtml}</div>
<script type="application/json" id="${APP_DATA_ID}">${appDataJson(opts)}</script>
</body>
</html>`;
}

/** The admin's HTML shell: no server render (the admin is a client-side bundle), never indexed. */
export function adminDocument(opts: { config: PublicConfig; assets: EntryAssets }): string {
  const { assets } = opts;
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${ADMIN_TITLE}</title>
${ICON_TAGS}
${assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
${assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n')}
<script type="application/json" id="${APP_DATA_ID}">${scriptJson({ config: opts.config })}</script>
${assets.script ? `<script type="module" src="${escapeHtml(assets.script)}"></script>` : ''}
</head>
<body>
<noscript>Для роботи адміністративної частини потрібен JavaScript.</noscript>
<div id="root"></div>
</body>
</html>`;
}
