/** React's image preload links at the start of a server render are dropped (src/client/entry-server.tsx). */
import { describe, expect, it } from 'vitest';
import { withoutImagePreloads } from '../../src/client/entry-server';

const link = (href: string) =>
  `<link rel="preload" as="image" href="${href}" imageSrcSet="${href}?w=480 480w" fetchPriority="high"/>`;

describe('withoutImagePreloads', () => {
  it('drops every leading preload link and keeps the rest as it is', () => {
    const page = '<a class="skip-link" href="#main">Перейти до змісту</a><main><img src="/a.png"/></main>';
    expect(withoutImagePreloads(`${link('/a.png')}${link('/b.png')}${page}`)).toBe(page);
    expect(withoutImagePreloads(page)).toBe(page);
  });

  it('keeps a link that is not at the start, and stops at a link never closed', () => {
    const page = `<main>${link('/a.png')}</main>`;
    expect(withoutImagePreloads(page)).toBe(page);
    expect(withoutImagePreloads(`${link('/a.png')}<link rel="preload" as="image" href="/b`)).toBe(
      '<link rel="preload" as="image" href="/b',
    );
  });
});
