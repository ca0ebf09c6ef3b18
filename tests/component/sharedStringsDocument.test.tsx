/**
 * The browser's side of shared strings (lib/sharedStrings.ts): the strings a server-rendered
 * document's marked elements show are read back by token, an element may carry several tokens (an
 * image its alt text and address), and a state's references resolve to exactly the server's strings.
 */
import { describe, expect, it } from 'vitest';
import {
  joinMarks,
  readFromDocument,
  resolveStrings,
  shareStrings,
  ShownStrings,
} from '../../src/client/lib/sharedStrings';

const cover = '/v0/b/site.appspot.com/o/public%2Fcover.png?alt=media&token=6fec0c1a';
const alt = 'Часова шкала гідрометеорологічної служби';
const site = 'https://climate.uhmi.org.ua';
const label = 'Кліматичний переглядач';

describe('readFromDocument', () => {
  it('reads an image’s alt text and address, and a link’s text and address, from one element each', () => {
    const shown = new ShownStrings();
    const img = joinMarks(shown.token('a', alt), shown.token('u', cover))!;
    const link = joinMarks(shown.token('t', label), shown.token('u', site))!;
    document.body.innerHTML = `<img data-s="${img}" src="${cover.replace(/&/g, '&amp;')}" alt="${alt}">
      <a data-s="${link}" href="${site}">${label}</a>`;
    const answer = { items: [{ cover: { url: cover, alt }, link: { href: site, label } }] };
    const state = shareStrings(shown)(answer);
    expect(JSON.stringify(state)).not.toContain(cover);
    expect(JSON.stringify(state)).not.toContain(site);
    expect(resolveStrings(readFromDocument(document))(state)).toEqual(answer);
  });

  it('marks nothing for no strings, and reads nothing for a token no element carries', () => {
    expect(joinMarks(undefined, undefined)).toBeUndefined();
    document.body.innerHTML = `<a data-s="u1abc" href="/a">a</a>`;
    expect(readFromDocument(document)('u2zzz')).toBeUndefined();
    expect(readFromDocument(document)('u1abc')).toBe('/a');
  });
});
