// @vitest-environment jsdom
/**
 * Strings a page shows once (src/client/lib/sharedStrings.ts): tokens that depend only on the
 * string, a render's references with colliding tokens left out, and the browser's read-back.
 */
import { describe, expect, it } from 'vitest';
import { packPageState, readFromDocument, unpackPageState } from '../../src/client/lib/pageState';
import { kindOf, sharedToken, ShownStrings } from '../../src/client/lib/sharedStrings';

/** The document with `html` as its body. */
function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

// Two strings whose 32-bit FNV-1a hashes are equal (found by search), so their tokens collide.
const COLLIDING = ['Новина номер 77959', 'Новина номер 1503396'] as const;

describe('sharedToken', () => {
  it('is the kind’s letter and a hash of the string, the same on every call', () => {
    const title = 'Повінь на Дністрі у березні 2026 року';
    expect(sharedToken('t', title)).toMatch(/^t[0-9a-z]{1,7}$/);
    expect(sharedToken('t', title)).toBe(sharedToken('t', [...title].join('')));
    expect(sharedToken('a', title)).toBe(`a${sharedToken('t', title).slice(1)}`);
    expect(sharedToken('t', `${title}.`)).not.toBe(sharedToken('t', title));
    expect(kindOf(sharedToken('h', title))).toBe('h');
    expect(kindOf('x12')).toBeUndefined();
  });

  it('collides for the test’s two strings (the case ShownStrings must handle)', () => {
    expect(COLLIDING[0]).not.toBe(COLLIDING[1]);
    expect(sharedToken('t', COLLIDING[0])).toBe(sharedToken('t', COLLIDING[1]));
  });
});

describe('ShownStrings', () => {
  it('refers to every string shown, once, by its token', () => {
    const shown = new ShownStrings();
    const a = shown.token('t', 'Український гідрометеорологічний інститут');
    expect(shown.token('t', 'Український гідрометеорологічний інститут')).toBe(a);
    const b = shown.token('a', 'Кліматограма Чернігова за 1991–2020 роки');
    expect([...shown.references()]).toEqual([
      ['Український гідрометеорологічний інститут', a],
      ['Кліматограма Чернігова за 1991–2020 роки', b],
    ]);
  });

  it('refers to neither of two strings whose tokens collide: both stay in the state', () => {
    const shown = new ShownStrings();
    const token = shown.token('t', COLLIDING[0]);
    expect(shown.token('t', COLLIDING[1])).toBe(token);
    shown.token('t', 'Інший рядок, довший за тридцять два байти');
    expect([...shown.references().keys()]).toEqual(['Інший рядок, довший за тридцять два байти']);
  });

  it('takes the tokens of markup kept from an earlier render, a token not to refer to included', () => {
    const shown = new ShownStrings();
    const token = shown.token('t', COLLIDING[0]);
    shown.add(new Map([[token, null]]));
    const other = sharedToken('t', 'Рядок з розмітки, відтвореної раніше');
    shown.add(new Map([[other, 'Рядок з розмітки, відтвореної раніше']]));
    expect([...shown.references()]).toEqual([['Рядок з розмітки, відтвореної раніше', other]]);
  });
});

describe('readFromDocument', () => {
  it('reads each reference back from the first element with its token, as text, markup or alt text', () => {
    const title = 'Повінь на Дністрі у березні 2026 року';
    const body = '<p>Рівень води піднявся <strong>на два метри</strong> за добу.</p>';
    const alt = 'Кліматограма Чернігова за 1991–2020 роки';
    const shown = new ShownStrings();
    const [t, h, a] = [shown.token('t', title), shown.token('h', body), shown.token('a', alt)];
    const doc = page(
      `<main><h1 data-s="${t}">Повінь на Дністрі <!-- -->у березні 2026 року</h1>` +
        `<div data-s="${h}">${body}</div><img data-s="${a}" alt="${alt}" src="/x.png">` +
        `<p data-s="${t}">не той рядок</p></main>`,
    );
    const data = { title, body, cover: { alt }, slug: 'povin' };
    const key = [['news', 'get'], { input: { slug: 'povin' }, type: 'query' }];
    const text = packPageState([{ queryKey: key, data, dataUpdatedAt: 1 }], shown.references());
    expect(text).not.toContain('Дністрі');
    const state = unpackPageState(JSON.parse(text) as never, readFromDocument(doc));
    expect(state.queries.map((q) => q.state.data)).toEqual([data]);
  });

  it('leaves out a query whose reference has no element, so it is fetched again', () => {
    const shown = new ShownStrings();
    shown.token('t', 'Заголовок, якого на сторінці немає зовсім');
    const key = [['news', 'get'], { input: { slug: 'x' }, type: 'query' }];
    const text = packPageState(
      [{ queryKey: key, data: { title: 'Заголовок, якого на сторінці немає зовсім' }, dataUpdatedAt: 1 }],
      shown.references(),
    );
    const doc = page('<main><h1>Інше</h1></main>');
    expect(unpackPageState(JSON.parse(text) as never, readFromDocument(doc)).queries).toEqual([]);
  });
});
