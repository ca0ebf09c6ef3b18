/** The server's kept parts (src/client/lib/fragmentCache.ts: the header, the footer, the card lists), on made-up markup. */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import {
  FragmentCache,
  FragmentRender,
  FragmentRenderContext,
  useCachedFragment,
} from '../../src/client/lib/fragmentCache';
import { PriorityImageRecord } from '../../src/client/lib/priorityImage';
import { ShownStrings } from '../../src/client/lib/sharedStrings';
import { formattedText, openRecordings, recordFormattedTexts } from '../../src/shared/formattedTexts';

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
      expect(openRecordings()).toBe(2);
      render.capture(`<ul data-fragment="${id}"><li>обірвано</li></ul>`);
      return openRecordings();
    });
    expect(cache.get(data, '')).toBeUndefined();
    expect(outer.result).toBe(1); // the render's own recording only
  });

  it('renders a part once for frozen data and takes it from the cache after; never keeps data that is not frozen', () => {
    const cache = new FragmentCache();
    // Rich text may contain any text, a marker attribute's included: the real marker is unguessable.
    const before = '<p>Текст: <code> data-fragment="f0"</code></p>';
    const renderPage = (data: { items: readonly string[] }) => {
      const render = new FragmentRender(cache, new ShownStrings(), new PriorityImageRecord());
      const html = renderToString(
        <FragmentRenderContext.Provider value={render}>
          <div dangerouslySetInnerHTML={{ __html: before }} />
          <Part data={data} />
        </FragmentRenderContext.Provider>,
      );
      return render.capture(html);
    };
    const frozen = Object.freeze({ items: Object.freeze(['Перша картка', 'Друга картка']) });
    const first = renderPage(frozen);
    expect(first).toBe(`<div>${before}</div><ul class="cards"><li>Перша картка</li><li>Друга картка</li></ul>`);
    expect(cache.stats).toEqual({ hits: 0, misses: 1 });
    expect(renderPage(frozen)).toBe(first);
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });

    const open = { items: ['Перша картка', 'Друга картка'] };
    expect(renderPage(open)).toBe(first);
    expect(renderPage(open)).toBe(first);
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
  });
});

function Part({ data }: { data: { items: readonly string[] } }) {
  const fragment = useCachedFragment('ul', data, 'cards');
  return (
    <ul className="cards" {...fragment.props}>
      {fragment.cached ? undefined : (
        <>
          {data.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
          {fragment.end}
        </>
      )}
    </ul>
  );
}
