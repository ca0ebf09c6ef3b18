/**
 * Issue 28, item 3: the data repository's DCAT-AP 3 catalogue in Turtle and JSON-LD, conforming to
 * the official DCAT-AP 3.0.1 SHACL shapes (schemas/dcat-ap-3.0.1, see SOURCE.md), with each
 * file's media type, byte size and SHA-256 as the file itself answers, and linked from the
 * repository page and robots.txt.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DataFactory, type Store } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSet } from '../../src/server/seed/content/index';
import { loadShapes, parseJsonLd, parseTurtle, shaclViolations } from '../support/shacl';
import { startTestServer, type TestServer } from './helpers';

const ORIGIN = 'https://uhmi.example.org';
const SHAPES_DIR = path.join(__dirname, '../../schemas/dcat-ap-3.0.1');
const shapes = loadShapes(path.join(SHAPES_DIR, 'dcat-ap-SHACL.ttl'), path.join(SHAPES_DIR, 'ranges.ttl'));
const namedNode = (iri: string) => DataFactory.namedNode(iri);
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const SPDX = 'http://spdx.org/rdf/terms#';
const RDF_TYPE = namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type');

let server: TestServer;
let turtle: Store;
let jsonLd: Store;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: ORIGIN });
  const ttl = await server.get('/data_repo/catalog.ttl');
  expect(ttl.status).toBe(200);
  expect(ttl.headers['content-type']).toBe('text/turtle; charset=utf-8');
  turtle = parseTurtle(ttl.body);
  const js = await server.get('/data_repo/catalog.jsonld');
  expect(js.status).toBe(200);
  expect(js.headers['content-type']).toBe('application/ld+json; charset=utf-8');
  jsonLd = await parseJsonLd(js.body);
});
afterAll(async () => {
  await server.dispose();
});

const one = (
  g: Store,
  s: string | ReturnType<typeof namedNode> | ReturnType<typeof DataFactory.blankNode>,
  p: string,
) => g.getObjects(typeof s === 'string' ? namedNode(s) : s, namedNode(p), null);
/** GET of a URL on the public origin, following redirects (an archive answers 301 to its stored object). */
async function getFollowing(url: string) {
  let target = url;
  for (let hops = 0; ; hops++) {
    const res = await server.app.inject({ method: 'GET', url: new URL(target, ORIGIN).href.slice(ORIGIN.length) });
    if (res.statusCode !== 301 || hops > 3) return res;
    target = new URL(String(res.headers.location), target).href;
  }
}
const published = (seedSet.dataRepo ?? []).filter((d) => d.data.status === 'published');

describe('the DCAT-AP catalogue', () => {
  it('conforms to the DCAT-AP 3.0.1 shapes, in Turtle and in JSON-LD alike', async () => {
    expect(await shaclViolations(shapes, turtle)).toEqual([]);
    expect(await shaclViolations(shapes, jsonLd)).toEqual([]);
    expect(jsonLd.size).toBe(turtle.size);
  });

  it('the shapes catch a dataset without its mandatory description', async () => {
    const broken = parseTurtle((await server.get('/data_repo/catalog.ttl')).body);
    const set = namedNode(`${ORIGIN}/data_repo/month#dataset`);
    for (const q of broken.getQuads(set, namedNode(`${DCT}description`), null, null)) broken.removeQuad(q);
    expect((await shaclViolations(shapes, broken)).join('\n')).toContain(`${DCT}description`);
  });

  it('lists every published dataset with publisher, contact point, coverage and licence', () => {
    const catalog = `${ORIGIN}/data_repo#catalog`;
    expect(turtle.getSubjects(RDF_TYPE, namedNode(`${DCAT}Catalog`), null).map((s) => s.value)).toEqual([catalog]);
    const datasets = one(turtle, catalog, `${DCAT}dataset`).map((d) => d.value);
    expect(datasets.sort()).toEqual(published.map((d) => `${ORIGIN}/data_repo/${d.data.slug}#dataset`).sort());
    const month = `${ORIGIN}/data_repo/month#dataset`;
    expect(one(turtle, month, `${DCT}publisher`).map((p) => p.value)).toEqual([`${ORIGIN}/#organization`]);
    const contact = one(turtle, month, `${DCAT}contactPoint`)[0]!;
    expect(one(turtle, contact as never, 'http://www.w3.org/2006/vcard/ns#hasEmail')[0]!.value).toMatch(/^mailto:.+@/);
    const period = one(turtle, month, `${DCT}temporal`)[0]!;
    expect(one(turtle, period as never, `${DCAT}startDate`)[0]).toMatchObject({ value: '1946' });
    expect(one(turtle, period as never, `${DCAT}endDate`)[0]).toMatchObject({ value: '2020' });
    const boxes = one(turtle, month, `${DCT}spatial`).flatMap((s) => one(turtle, s as never, `${DCAT}bbox`));
    expect(boxes[0]!.value).toMatch(/^POLYGON\(\(22\.14 44\.38, /);
    expect(one(turtle, month, `${DCAT}version`)[0]!.value).toBe('1.0.1');
  });

  it('gives each file its media type, byte size and the SHA-256 of the bytes it answers with', async () => {
    const distributions = turtle.getSubjects(RDF_TYPE, namedNode(`${DCAT}Distribution`), null);
    expect(distributions.length).toBeGreaterThanOrEqual(published.reduce((n, d) => n + (d.data.files?.length ?? 0), 0));
    for (const dist of distributions) {
      const url = one(turtle, dist as never, `${DCAT}downloadURL`)[0]!.value;
      const res = await getFollowing(url);
      expect(res.statusCode, url).toBe(200);
      const bytes = res.rawPayload;
      expect(one(turtle, dist as never, `${DCAT}byteSize`)[0]!.value, url).toBe(String(bytes.length));
      const sum = one(turtle, dist as never, `${SPDX}checksum`)[0]!;
      expect(one(turtle, sum as never, `${SPDX}checksumValue`)[0]!.value, url).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
      expect(one(turtle, sum as never, `${SPDX}algorithm`)[0]!.value).toBe(`${SPDX}checksumAlgorithm_sha256`);
      const media = one(turtle, dist as never, `${DCAT}mediaType`)[0]!.value;
      const answered = String(res.headers['content-type']).split(';')[0];
      expect(media, url).toBe(`https://www.iana.org/assignments/media-types/${answered}`);
      expect(one(turtle, dist as never, `${DCT}license`)[0]!.value).toBe(
        'https://creativecommons.org/licenses/by/4.0/',
      );
    }
  });

  it('is linked from the repository page and robots.txt', async () => {
    const page = await server.get('/data_repo');
    expect(page.body).toContain('href="/data_repo/catalog.ttl"');
    expect(page.body).toContain('href="/data_repo/catalog.jsonld"');
    const robots = await server.get('/robots.txt');
    expect(robots.body).toContain(`${ORIGIN}/data_repo/catalog.ttl`);
    expect(robots.body).toContain(`${ORIGIN}/data_repo/catalog.jsonld`);
  });
});
