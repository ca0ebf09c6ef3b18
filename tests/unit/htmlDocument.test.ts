/**
 * Issue 13 (first paint): the page's content comes before its data block, and the module script,
 * which the server-rendered page does not need to paint, is fetched at low priority.
 */
import { describe, expect, it } from 'vitest';
import { htmlDocument } from '../../src/server/ssr/document';

const config = {
  supportEmail: 'support@uhmi.org.ua',
  buildId: 'b1',
  backend: 'embedded' as const,
  firebase: { apiKey: 'k', authDomain: '', projectId: 'p', storageBucket: 'b', messagingSenderId: '', appId: 'a' },
  origin: 'https://uhmi.example',
  authProviders: [],
  emailLink: null,
  sso: null,
  appCheckSiteKey: null,
  emulators: { auth: null, storage: null },
};

describe('htmlDocument', () => {
  const html = htmlDocument({
    head: {
      title: 'Новини — УкрГМІ',
      description: 'Новини інституту',
      canonical: 'https://uhmi.example/News',
      ogTitle: 'Новини',
      ogType: 'website',
      image: { url: 'https://uhmi.example/icon.png', width: null, height: null, alt: '' },
      sources: {},
      parts: [],
    },
    appHtml: '<main id="main"><h1>Новини</h1></main>',
    state: '{"mutations":[],"queries":[]}',
    router: { loaderData: {}, actionData: null, errors: null },
    config,
    assets: {
      script: '/assets/public-abc.js',
      css: ['/assets/public-abc.css'],
      preload: [],
      inlineCss: { '/assets/public-abc.css': 'body{margin:0}' },
    },
  });

  it('inlines the critical CSS and links no stylesheet', () => {
    expect(html).toContain('<style data-href="/assets/public-abc.css">body{margin:0}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('fetches the module script at low priority', () => {
    expect(html).toContain('<script type="module" src="/assets/public-abc.js" fetchpriority="low"></script>');
  });

  it('puts the data block after the content', () => {
    const content = html.indexOf('<h1>Новини</h1>');
    const block = html.indexOf('<script type="application/json" id="__APP_DATA__">');
    expect(content).toBeGreaterThan(0);
    expect(block).toBeGreaterThan(content);
    expect(html.indexOf('</body>')).toBeGreaterThan(block);
  });
});
