/**
 * A page gzipped per request around the build's tags compressed once (src/server/ssr/splicedGzip.ts,
 * `perRequestBody` in pageCache.ts): any gzip reader gets the page back, byte for byte.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { perRequestBody, weakEtag } from '../../src/server/ssr/pageCache';
import { deflatedRun, gzipAround, KeptRuns } from '../../src/server/ssr/splicedGzip';

const css = `<style>${'.card{display:grid;gap:1rem} .заголовок{color:#0b4f8a} '.repeat(300)}</style>`;
const run = deflatedRun(css);
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Новина ${i}: опади та температура повітря</p>`).join('');

describe('gzipAround', () => {
  it.each([
    ['in the middle', `<head><title>Т</title>${css}<body>${words(200)}</body>`],
    ['at the start', `${css}${words(3)}`],
    ['at the end', `${words(3)}${css}`],
    ['the whole text', css],
    ['with more than a deflate window (32 KB) around it', `${words(900)}${css}${words(900)}`],
    ['around text that does not compress', `${randomBytes(20000).toString('base64')}${css}é`],
    ['around more text than its scratch space (512 KB)', `${words(9000)}${css}${words(9000)}`],
  ])('reads back as the text: run %s', (_name, text) => {
    const out = gzipAround(text, [run])!;
    expect(gunzipSync(out.gzip).toString('utf8')).toBe(text);
  });

  const cards = `<li class="card"><h2>Новина</h2><p>${words(300)}</p></li>`;
  const list = deflatedRun(cards);
  it.each([
    [
      'the build’s run, then a card list',
      `<head>${css}</head><main>${words(20)}<ul>${cards}</ul>${words(20)}</main>`,
      [run, list],
    ],
    ['two runs back to back', `${css}${cards}${words(5)}`, [run, list]],
    ['a run the text does not hold, passed over', `${css}${words(50)}`, [run, list]],
    ['runs out of document order: the later one is passed over', `${css}<ul>${cards}</ul>`, [list, run]],
    ['the same run twice', `${cards}<hr>${cards}`, [list, list]],
  ])('reads back as the text with more runs: %s', (_name, text, runs) => {
    const out = gzipAround(text, runs)!;
    expect(gunzipSync(out.gzip).toString('utf8')).toBe(text);
    expect(out.length).toBe(Buffer.byteLength(text));
  });

  it('gives null when the text does not hold the run', () => {
    expect(gzipAround(words(10), [run])).toBeNull();
    expect(gzipAround(words(10), [])).toBeNull();
  });
});

describe('perRequestBody with the build’s run', () => {
  const html = `<!doctype html><head><title>Контакти</title>${css}<body>${words(100)}</body>`;

  it('sends the same text and the same tag as without it', () => {
    const spliced = perRequestBody(html, 'br, gzip', [run]);
    const plain = perRequestBody(html, 'br, gzip');
    expect(spliced.encoding).toBe('gzip');
    expect(gunzipSync(spliced.body).toString('utf8')).toBe(html);
    expect(spliced.etag).toBe(plain.etag);
    expect(spliced.etag).toBe(weakEtag(Buffer.from(html)));
  });

  it('tags two pages of the same length apart', () => {
    const other = html.replace('Контакти', 'Контакту');
    expect(other.length).toBe(html.length);
    expect(perRequestBody(other, 'gzip', [run]).etag).not.toBe(perRequestBody(html, 'gzip', [run]).etag);
    expect(perRequestBody(html, 'gzip', [run]).etag).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
  });

  it('sends the text as it is to a client that takes no gzip', () => {
    const out = perRequestBody(html, 'identity', [run]);
    expect(out.encoding).toBeNull();
    expect(out.body.toString('utf8')).toBe(html);
  });
});

describe('KeptRuns', () => {
  it('makes a run once per kept part long enough to be worth one, in the parts’ order', () => {
    const runs = new KeptRuns();
    const large = { html: `<li>${words(200)}</li>` };
    const small = { html: '<li>Коротка картка</li>' };
    const other = { html: `<li>${words(250)}</li>` };
    const first = runs.of([large, small, other]);
    expect(first.map((r) => r.text)).toEqual([large.html, other.html]);
    expect(runs.of([other, large])).toEqual([first[1], first[0]]);
    expect(runs.of([other])[0]).toBe(first[1]);
  });
});
