/** The HTML document around a server-rendered page (lang="uk", head tags, assets, hydration state). */
import type { HeadTags } from '../../client/app/site';
import type { PublicConfig } from '../../client/lib/publicConfig';
import type { EntryAssets } from './assets';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON safe to put inside a <script> element. */
export function scriptJson(value: unknown): string {
  return scriptText(JSON.stringify(value));
}

/** JSON text made safe inside a script element (as is: a JSON document is a JavaScript literal). */
export function scriptText(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function htmlDocument(opts: {
  head: HeadTags;
  appHtml: string;
  state: string;
  config: PublicConfig;
  assets: EntryAssets;
  nonce: string;
}): string {
  const { head, assets, nonce } = opts;
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
<link rel="canonical" href="${escapeHtml(head.canonical)}">
<meta property="og:title" content="${escapeHtml(head.title)}">
<meta property="og:description" content="${escapeHtml(head.description)}">
<meta property="og:url" content="${escapeHtml(head.canonical)}">
<meta property="og:locale" content="uk_UA">
<meta name="theme-color" content="#0b4f8a">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
${assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n')}
<script nonce="${nonce}">window.__CONFIG__=${scriptJson(opts.config)};window.__RQ_STATE__=${scriptText(opts.state)};</script>
${assets.script ? `<script type="module" src="${escapeHtml(assets.script)}"></script>` : ''}
</head>
<body>
<div id="root">${opts.appHtml}</div>
</body>
</html>`;
}

/** The admin's HTML shell: no server render (the admin is a client-side bundle), never indexed. */
export function adminDocument(opts: { config: PublicConfig; assets: EntryAssets; nonce: string }): string {
  const { assets, nonce } = opts;
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Адміністрування — УкрГМІ</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
${assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n')}
<script nonce="${nonce}">window.__CONFIG__=${scriptJson(opts.config)};</script>
${assets.script ? `<script type="module" src="${escapeHtml(assets.script)}"></script>` : ''}
</head>
<body>
<noscript>Для роботи адміністративної частини потрібен JavaScript.</noscript>
<div id="root"></div>
</body>
</html>`;
}
