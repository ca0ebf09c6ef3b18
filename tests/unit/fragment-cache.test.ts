/** The server's kept header and footer markup (src/client/lib/fragmentCache.ts), on made-up markup. */
import { describe, expect, it } from 'vitest';
import { FragmentCache, FragmentRender } from '../../src/client/lib/fragmentCache';
import { PriorityImageRecord } from '../../src/client/lib/priorityImage';
import { ShownStrings } from '../../src/client/lib/sharedStrings';
import { formattedText, recordFormattedTexts } from '../../src/shared/formattedTexts';

describe('FragmentRender', () => {
  it('keeps the inner HTML of a missed element, nested elements of its kind included, and drops the marker', () => {
    const cache = new FragmentCache();
    const data = {};
    const shown = new ShownStrings();
    const render = new FragmentRender(cache, shown, new PriorityImageRecord());
    const title = shown.token('t', 'Український гідрометеорологічний інститут');
    const id = render.miss(data, '/News', 'header');
    render.end(id);
    const inner = `<header class="x"><span data-s="${title}">Український гідрометеорологічний інститут</span></header><p>a</p>`;
    const html = `<a href="#main">skip</a><header class="site-header" data-fragment="${id}">${inner}</header><main></main>`;
    expect(render.capture(html)).toBe(
      `<a href="#main">skip</a><header class="site-header">${inner}</header><main></main>`,
    );

    // The next render gets the markup as it was, and the string behind its token for its state.
    const next = new ShownStrings();
    next.token('t', 'Інший рядок, показаний раніше на сторінці');
    expect(new FragmentRender(cache, next, new PriorityImageRecord()).hit(data, '/News')).toBe(inner);
    expect([...next.references().values()]).toContain(title);
    expect(next.references().get('Український гідрометеорологічний інститут')).toBe(title);
    expect(new FragmentRender(cache, next, new PriorityImageRecord()).hit(data, '/Contacts')).toBeUndefined();
    expect(new FragmentRender(cache, next, new PriorityImageRecord()).hit({}, '/News')).toBeUndefined();
  });

  it('keeps nothing that fell back to client rendering', () => {
    const cache = new FragmentCache();
    const data = {};
    const render = new FragmentRender(cache, new ShownStrings(), new PriorityImageRecord());
    const id = render.miss(data, '', 'footer');
    render.end(id);
    const html = `<footer data-fragment="${id}"><!--$!--><template data-msg="failed"></template><!--/$--></footer>`;
    expect(render.capture(html)).toBe('<footer><!--$!--><template data-msg="failed"></template><!--/$--></footer>');
    expect(cache.get(data, '')).toBeUndefined();
  });

  it('keeps at most `perData` keys for one data object, the oldest going first', () => {
    const cache = new FragmentCache(2);
    const data = {};
    for (const key of ['/a', '/b', '/c'])
      cache.set(data, key, { html: key, strings: new Map(), texts: new Map(), images: [] });
    expect(cache.get(data, '/a')).toBeUndefined();
    expect(cache.get(data, '/c')?.html).toBe('/c');
  });

  it('replays on a hit the texts and priority images its render recorded between its start and its end', () => {
    const cache = new FragmentCache();
    const data = {};
    const image = { href: '/cover.png', sizes: '100vw' };
    const first = recordFormattedTexts(() => {
      const priority = new PriorityImageRecord();
      const render = new FragmentRender(cache, new ShownStrings(), priority);
      formattedText('test-before', () => 'до частини');
      const id = render.miss(data, 'cards', 'ul');
      formattedText('test-card', () => '19 листопада 2026 р.');
      priority.offer(image);
      render.end(id);
      formattedText('test-after', () => 'після частини');
      render.capture(`<ul data-fragment="${id}"><li>картка</li></ul>`);
      return priority.offered;
    });
    expect(first.texts).toEqual({
      'test-before': 'до частини',
      'test-card': '19 листопада 2026 р.',
      'test-after': 'після частини',
    });
    expect(first.result).toEqual([image]);

    const second = recordFormattedTexts(() => {
      const priority = new PriorityImageRecord();
      const html = new FragmentRender(cache, new ShownStrings(), priority).hit(data, 'cards');
      return { html, image: priority.image };
    });
    expect(second.result).toEqual({ html: '<li>картка</li>', image });
    expect(second.texts).toEqual({ 'test-card': '19 листопада 2026 р.' });
  });

  it('keeps nothing whose end marker did not render, and stops recording its texts', () => {
    const cache = new FragmentCache();
    const data = {};
    const outer = recordFormattedTexts(() => {
      const render = new FragmentRender(cache, new ShownStrings(), new PriorityImageRecord());
      const id = render.miss(data, '', 'ul');
      render.capture(`<ul data-fragment="${id}"><li>обірвано</li></ul>`);
      return recordFormattedTexts(() => formattedText('test-later', () => 'пізніше')).texts;
    });
    expect(cache.get(data, '')).toBeUndefined();
    expect(outer.result).toEqual({ 'test-later': 'пізніше' });
  });
});
