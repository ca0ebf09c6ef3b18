/**
 * Issue 28, item 2 (versions): each dataset version has its own citable page with its files and
 * their SHA-256 sums, its own DataCite record (valid against kernel-4.5, related to the other
 * versions), and a published version's files cannot be changed through the admin.
 */
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- parsed XML: the assertions check its shape */
import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetVersionPath } from '../../src/shared/content/datasetVersions';
import { KEPT_OBJECT_MESSAGE } from '../../src/server/storage/routes/context';
import { xsdErrors } from '../support/xmlSchema';
import { startTestServer, textOf, trpc, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';
const ADMIN = { email: 'admin@uhmi.example.org', password: 'versions-admin-pass-1' };
const SLUG = 'ClimUAsd-stn.v2';
const validate = (xml: string) => xsdErrors(xml, 'datacite-kernel-4.5', 'metadata.xsd');
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
/** Values as written (a version «1.0» stays «1.0»). */
const textParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

interface FileRef {
  path: string;
  name: string;
  size: number;
  url: string;
  contentType: string;
}
interface Dataset {
  id: string;
  version: number;
  slug: string;
  status: string;
  datasetVersion: string;
  doi: string;
  files: FileRef[];
  versions: Array<{ version: string; date: string; notes: string; doi: string; files: FileRef[] }>;
  [field: string]: unknown;
}

let server: TestServer;
let cookie: string;
let idToken: string;

async function signIn(): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email: ADMIN.email, password: ADMIN.password, returnSecureToken: true },
  });
  const session = await server.app.inject({
    method: 'POST',
    url: '/api/__session',
    payload: { token: (idToken = res.json<{ idToken: string }>().idToken) },
    headers: { 'content-type': 'application/json' },
  });
  return `__session=${/__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!}`;
}

/** The stored dataset as the admin reads it. */
async function adminGet(id: string): Promise<Dataset> {
  const res = await trpc(server, 'query', 'adminContent.dataRepo.get', { id }, cookie);
  expect(res.status, res.message).toBe(200);
  return res.data as Dataset;
}

/** Saves `data` over the dataset (at its current revision) through the admin's tRPC update. */
async function save(doc: Dataset, data: Record<string, unknown>) {
  const { id, version, createdAt: _c, updatedAt: _u, publicPath: _p, ...rest } = doc;
  return trpc(server, 'mutation', 'adminContent.dataRepo.update', { id, version, data: { ...rest, ...data } }, cookie);
}

const sha256Of = async (url: string) => {
  const res = await server.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return createHash('sha256').update(res.rawPayload).digest('hex');
};

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cookie = await signIn();
});
afterAll(async () => {
  await server.dispose();
});

describe('version pages', () => {
  it('the dataset page lists every version, current first, each linking its own page', async () => {
    const page = await server.get(`/data_repo/${SLUG}`);
    expect(page.status).toBe(200);
    const section = /<section aria-labelledby="versions-title">[\s\S]*?<\/section>/.exec(page.body)![0];
    const links = [...section.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([datasetVersionPath(SLUG, '2.0'), datasetVersionPath(SLUG, '1.0')]);
    expect(textOf(section)).toContain('2.0 (поточна)');
    expect(textOf(page.body)).not.toContain('Існує новіша версія');
  });

  it("an earlier version's page shows its own files with their SHA-256 sums and says a newer one exists", async () => {
    const page = await server.get(datasetVersionPath(SLUG, '1.0'));
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Існує новіша версія цього набору даних: версія 2.0');
    expect(page.body).toMatch(new RegExp(`Існує новіша версія[^<]*<a href="/data_repo/${SLUG.replace('.', '\\.')}"`));
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/data_repo/${SLUG}/v/1.0"`);
    expect(page.body).toMatch(/<title>Версія 1\.0 — /);
    // Its description says which version it is (search engines list it apart from the dataset page).
    const description = (body: string) => /<meta name="description" content="([^"]*)"/.exec(body)![1]!;
    expect(description(page.body)).toMatch(/^Версія 1\.0 набору даних «/);
    expect(description((await server.get(datasetVersionPath(SLUG, '2.0'))).body)).toMatch(/^Версія 2\.0 \(поточна\) /);
    expect(description((await server.get(`/data_repo/${SLUG}`)).body)).not.toMatch(/^Версія/);
    // JSON-LD names this version and its files.
    const ld = [...page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((x) => x['@type'] === 'Dataset')!;
    expect(ld.version).toBe('1.0');
    expect(ld.url).toBe(`${PUBLIC_URL}/data_repo/${SLUG}/v/1.0`);
    const downloads = (ld.distribution as Array<{ name: string }>).map((x) => x.name);
    expect(downloads).toEqual(expect.arrayContaining(['ClimUAsd-stn-v1.0-stations.csv']));
    expect(downloads).not.toContain('ClimUAsd-stn-stations.csv');
    // Its files, each with the SHA-256 of the bytes the link serves.
    const files = /<section[^>]*aria-labelledby="[^"]*"[^>]*>\s*<h2[^>]*>Файли даних[\s\S]*?<\/section>/.exec(
      page.body,
    )![0];
    const hrefs = [...files.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs).toHaveLength(2);
    const sums = /<section aria-labelledby="checksums-title">[\s\S]*?<\/section>/.exec(page.body)![0];
    for (const href of hrefs) expect(sums).toContain(`<code class="sha256">${await sha256Of(href)}</code>`);
    expect(textOf(sums)).toContain('ClimUAsd-stn-v1.0-sample-2020.csv');
    // Its citation names the version; its DataCite link asks for this version.
    expect(text).toMatch(/ClimUAsd-stn\.v2[^.]*, версія 1\.0 \(2023\)/);
    expect(page.body).toContain(`href="/api/datacite/${SLUG}.xml?version=1.0"`);
  });

  it("the current version's page and the dataset page show the current files' sums", async () => {
    for (const url of [datasetVersionPath(SLUG, '2.0'), `/data_repo/${SLUG}`]) {
      const page = await server.get(url);
      expect(page.status, url).toBe(200);
      expect(textOf(page.body), url).not.toContain('Існує новіша версія');
      const sums = /<section aria-labelledby="checksums-title">[\s\S]*?<\/section>/.exec(page.body)![0];
      expect(textOf(sums)).toContain('ClimUAsd-stn-sample-2020.csv');
      expect(sums.match(/<code class="sha256">[0-9a-f]{64}<\/code>/g)).toHaveLength(2);
    }
  });

  it('answers 404 for a version the dataset does not have, never 500', async () => {
    for (const url of [datasetVersionPath(SLUG, '9.9'), `/data_repo/${SLUG}/v/%00`, '/data_repo/no-such/v/1.0']) {
      const page = await server.get(url);
      expect(page.status, url).toBe(404);
    }
  });
});

describe('DataCite XML per version', () => {
  it('every version of every seeded dataset has a record valid against kernel-4.5', async () => {
    const list = await trpc(server, 'query', 'dataRepo.list', { limit: 100 });
    const slugs = (list.data as { items: Array<{ slug: string }> }).items.map((d) => d.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(3);
    for (const slug of slugs) {
      const d = (await trpc(server, 'query', 'dataRepo.get', { idOrSlug: slug })).data as Dataset;
      for (const v of d.versions) {
        const url = `/api/datacite/${encodeURIComponent(slug)}.xml?version=${encodeURIComponent(v.version)}`;
        const res = await server.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(await validate(res.body), url).toEqual([]);
        expect(textParser.parse(res.body).resource.version).toBe(v.version);
      }
    }
  });

  it('answers a repeated version of a DataCite record with 400 and a Ukrainian message, as files.zip does', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/datacite/${SLUG}.xml?version=1.0&version=2.0` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Параметр version можна вказати лише один раз' });
  });

  it('gives a version its own identifier, date, files and links to the dataset and its neighbours', async () => {
    const old = parser.parse(
      (await server.app.inject({ method: 'GET', url: `/api/datacite/${SLUG}.xml?version=1.0` })).body,
    ).resource;
    const v1 = `${PUBLIC_URL}/data_repo/${SLUG}/v/1.0`;
    const v2 = `${PUBLIC_URL}/data_repo/${SLUG}/v/2.0`;
    expect(old.identifier).toEqual({ '@identifierType': 'URL', '#text': v1 });
    expect(old.publicationYear).toBe(2023);
    expect(old.dates.date).toEqual(
      expect.arrayContaining([{ '@dateType': 'Issued', '@dateInformation': 'версія 1.0', '#text': '2023-06-15' }]),
    );
    const rel = (r: { relatedIdentifiers: { relatedIdentifier: unknown } }) =>
      ([] as Array<{ '@relationType': string; '#text': string }>)
        .concat(r.relatedIdentifiers.relatedIdentifier as never)
        .map((x) => `${x['@relationType']} ${x['#text']}`);
    expect(rel(old)).toEqual(
      expect.arrayContaining([`IsVersionOf ${PUBLIC_URL}/data_repo/${SLUG}`, `IsPreviousVersionOf ${v2}`]),
    );
    expect(rel(old).some((r) => r.startsWith('IsNewVersionOf'))).toBe(false);
    const current = parser.parse(
      (await server.app.inject({ method: 'GET', url: `/api/datacite/${SLUG}.xml?version=2.0` })).body,
    ).resource;
    expect(current.identifier['#text']).toBe(v2);
    expect(rel(current)).toEqual(expect.arrayContaining([`IsNewVersionOf ${v1}`]));
    expect(current.sizes.size).not.toEqual(old.sizes.size);
    // The dataset's own record names both versions.
    const concept = parser.parse(
      (await server.app.inject({ method: 'GET', url: `/api/datacite/${SLUG}.xml` })).body,
    ).resource;
    expect(rel(concept)).toEqual(expect.arrayContaining([`HasVersion ${v1}`, `HasVersion ${v2}`]));
    expect(await validate((await server.app.inject({ method: 'GET', url: `/api/datacite/${SLUG}.xml` })).body)).toEqual(
      [],
    );
  });

  it('answers 404, never 500, for a version the dataset does not have', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/datacite/${SLUG}.xml?version=9.9` });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toContain('не має такої версії');
  });
});

describe("a published version's files never change", () => {
  it('refuses other files for the current version in Ukrainian, and stores nothing', async () => {
    const before = await adminGet('data-climuasd-stn-v2');
    const res = await save(before, { files: before.files.slice(0, 1) });
    expect(res.status).toBe(412);
    expect(res.code).toBe('PRECONDITION_FAILED');
    expect(res.message).toBe('Файли опублікованої версії «2.0» змінювати не можна — створіть нову версію');
    const after = await adminGet('data-climuasd-stn-v2');
    expect(after.version).toBe(before.version);
    expect(after.files).toEqual(before.files);
  });

  it('refuses other files for an earlier published version', async () => {
    const before = await adminGet('data-climuasd-stn-v2');
    const versions = before.versions.map((v) => (v.version === '1.0' ? { ...v, files: before.files } : v));
    const res = await save(before, { versions });
    expect(res.status).toBe(412);
    expect(res.message).toBe('Файли опублікованої версії «1.0» змінювати не можна — створіть нову версію');
  });

  it('a new version keeps the previous one, with its files, in the history and on its own page', async () => {
    const before = await adminGet('data-climuasd-stn-v2');
    const res = await save(before, { datasetVersion: '2.1', files: before.files.slice(0, 1) });
    expect(res.status, res.message).toBe(200);
    const after = await adminGet('data-climuasd-stn-v2');
    const v2 = after.versions.find((v) => v.version === '2.0')!;
    expect(v2.files).toEqual(before.files);
    expect(after.versions.find((v) => v.version === '2.1')).toMatchObject({ files: [], doi: '' });
    expect(after.files).toEqual(before.files.slice(0, 1));
    const page = await server.get(datasetVersionPath(SLUG, '2.0'));
    expect(textOf(page.body)).toContain('Існує новіша версія цього набору даних: версія 2.1');
    const sums = /<section aria-labelledby="checksums-title">[\s\S]*?<\/section>/.exec(page.body)![0];
    expect(sums.match(/<code class="sha256">/g)).toHaveLength(2);
    // …and that version's files are now frozen too.
    const again = await save(after, {
      versions: after.versions.map((v) => (v.version === '2.0' ? { ...v, files: [] } : v)),
    });
    expect(again.status).toBe(412);
  });

  it("the storage refuses to delete a published version's file, and deletes a file no version holds", async () => {
    const d = await adminGet('data-climuasd-stn-v2');
    const old = d.versions.find((v) => v.version === '1.0')!.files[0]!;
    const bucket = server.config.firebase.storageBucket;
    const remove = (name: string) =>
      server.app.inject({
        method: 'DELETE',
        url: `/v0/b/${bucket}/o/${encodeURIComponent(name)}`,
        headers: { authorization: `Firebase ${idToken}` },
      });
    const refused = await remove(old.path);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(KEPT_OBJECT_MESSAGE);
    expect((await server.get(old.url)).status).toBe(200);
    expect((await remove('public/data_repo/month.zip')).statusCode).toBe(204);
  });
});
