/** The server's kept header and footer markup (src/client/lib/fragmentCache.ts), on made-up markup. */
import { describe, expect, it } from 'vitest';
import { FragmentCache, FragmentRender } from '../../src/client/lib/fragmentCache';
import { ShownStrings } from '../../src/client/lib/sharedStrings';

describe('FragmentRender', () => {
  it('keeps the inner HTML of a missed element, nested elements of its kind included, and drops the marker', () => {
    const cache = new FragmentCache();
    const data = {};
    const shown = new ShownStrings();
    const render = new FragmentRender(cache, shown);
    const title = shown.token('t', 'Український гідрометеорологічний інститут');
    const id = render.miss(data, '/News', 'header');
    const inner = `<header class="x"><span data-s="${title}">Український гідрометеорологічний інститут</span></header><p>a</p>`;
    const html = `<a href="#main">skip</a><header class="site-header" data-fragment="${id}">${inner}</header><main></main>`;
    expect(render.capture(html)).toBe(
      `<a href="#main">skip</a><header class="site-header">${inner}</header><main></main>`,
    );

    // The next render gets the markup as it was, and the string behind its token for its state.
    const next = new ShownStrings();
    next.token('t', 'Інший рядок, показаний раніше на сторінці');
    expect(new FragmentRender(cache, next).hit(data, '/News')).toBe(inner);
    expect([...next.references().values()]).toContain(title);
    expect(next.references().get('Український гідрометеорологічний інститут')).toBe(title);
    expect(new FragmentRender(cache, next).hit(data, '/Contacts')).toBeUndefined();
    expect(new FragmentRender(cache, next).hit({}, '/News')).toBeUndefined();
  });

  it('keeps nothing that fell back to client rendering', () => {
    const cache = new FragmentCache();
    const data = {};
    const render = new FragmentRender(cache, new ShownStrings());
    const id = render.miss(data, '', 'footer');
    const html = `<footer data-fragment="${id}"><!--$!--><template data-msg="failed"></template><!--/$--></footer>`;
    expect(render.capture(html)).toBe('<footer><!--$!--><template data-msg="failed"></template><!--/$--></footer>');
    expect(cache.get(data, '')).toBeUndefined();
  });

  it('keeps at most `perData` keys for one data object, the oldest going first', () => {
    const cache = new FragmentCache(2);
    const data = {};
    for (const key of ['/a', '/b', '/c']) cache.set(data, key, { html: key, strings: new Map() });
    expect(cache.get(data, '/a')).toBeUndefined();
    expect(cache.get(data, '/c')?.html).toBe('/c');
  });
});
