/**
 * The seeded site as a visitor and an editor see it: covers on news, trainings and conferences
 * (responsive, sized, with alt text), an image without alt text refused with the Ukrainian message,
 * the dataset's own version and DOI apart from the store's revision and the article's DOI, real
 * multi-page PDFs for theses and publications, dataset archives with CSV and NetCDF samples, and no
 * placeholder text or fake ORCID on any seeded page.
 */
import type { TRPCError } from '@trpc/server';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { NetCDFReader } from 'netcdfjs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALT_REQUIRED_MESSAGE } from '../../src/shared/content/fields';
import { callerFor, sessionCookie, type Caller } from '../security/helpers';
import { startTestServer, textOf, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
let server: TestServer;
let admin: Caller;
let seedMs = 0;

/** A stored file as documents reference it (a cover, a PDF, an attachment). */
interface FileRef {
  url: string;
  contentType?: string;
  alt?: string;
}
/** A document as the admin returns it: the fields these tests read are typed, the rest `unknown`. */
interface Doc {
  id: string;
  version: number;
  slug?: string;
  status?: string;
  title?: string;
  cover?: FileRef;
  pdf?: FileRef;
  attachments?: FileRef[];
  authors?: Array<string | { name: string }>;
  [field: string]: unknown;
}
interface Procedures {
  get?(input: { id: string }): Promise<Doc>;
  list?(input: unknown): Promise<{ items: Doc[]; nextCursor?: string | null }>;
  update?(input: { id: string; version: number; data: unknown }): Promise<Doc>;
}
const adminOf = (key: string) => (admin.adminContent as unknown as Record<string, Procedures>)[key]!;

/** Every document of a type through the admin list (all states). */
async function allOf(key: string): Promise<Doc[]> {
  const out: Doc[] = [];
  let cursor: string | undefined;
  do {
    const page = await adminOf(key).list!({ limit: 100, cursor });
    for (const item of page.items) out.push(await adminOf(key).get!({ id: item.id }));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** The bytes of a stored file from its reference URL (site-relative in embedded mode). */
async function download(url: string): Promise<Buffer> {
  const res = await server.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

/** The `<img>` tags of a page, as attribute maps. */
function images(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!])),
  );
}

beforeAll(async () => {
  const started = performance.now();
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  seedMs = performance.now() - started;
  admin = await callerFor(server, await sessionCookie(server, ADMIN.email, ADMIN.password));
});
afterAll(async () => {
  await server?.dispose();
});

describe('covers', () => {
  it('gives every seeded news item, training and conference a PNG cover with alt text and its size', async () => {
    console.log(`server start with seed: ${Math.round(seedMs)} ms`);
    for (const key of ['news', 'trainings', 'conferences']) {
      const docs = await allOf(key);
      expect(docs.length).toBeGreaterThan(0);
      for (const doc of docs) {
        expect(doc.cover, `${key}/${doc.id}`).toMatchObject({ contentType: 'image/png', width: 1200, height: 675 });
        expect(doc.cover!.alt!.length, `${key}/${doc.id}`).toBeGreaterThan(40);
        const png = await download(doc.cover!.url);
        expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect(png.readUInt32BE(16)).toBe(1200);
        expect(png.readUInt32BE(20)).toBe(675);
      }
    }
  });

  it('renders covers with srcset from the variants, sizes, width, height and alt; only the main image loads eagerly', async () => {
    // The newest published news (a state filter lists by last update only: adminListCombinationError).
    const first = (await adminOf('news').list!({ limit: 50, sort: { field: 'date', direction: 'desc' } })).items.find(
      (n) => n.status === 'published',
    )!;
    const item = await adminOf('news').get!({ id: first.id });
    const page = await server.get(`/News/${item.slug!}`);
    expect(page.status).toBe(200);
    const cover = images(page.body).find((img) => img.class === 'article-cover')!;
    expect(cover).toMatchObject({
      alt: item.cover!.alt,
      width: '1200',
      height: '675',
      loading: 'eager',
      fetchpriority: 'high',
    });
    // 1200 px wide: the variants up to 1200 px, none wider (it would be the same picture again).
    expect(cover.srcset!.split(', ').map((c) => c.split(' ')[1])).toEqual(['480w', '720w', '960w', '1200w']);
    expect(cover.srcset).toContain('&amp;width=480 480w');
    expect(cover.sizes).toBeTruthy();

    // The variant the srcset names is served: a WebP at most 480 px wide.
    const variant = await server.app.inject({
      method: 'GET',
      url: cover.srcset!.split(' ')[0]!.replace(/&amp;/g, '&'),
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');

    // The main image is preloaded from the head with the same srcset and sizes (the LCP starts at once).
    const preload =
      /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(
        page.body.slice(0, page.body.indexOf('</head>')),
      );
    expect(preload?.slice(1)).toEqual([cover.src, cover.srcset, cover.sizes]);
    const newsList = await server.get('/News');
    const firstCard = images(newsList.body).find((img) => img.class === 'card-image' && img.loading === 'eager')!;
    expect(newsList.body).toContain(
      `<link rel="preload" as="image" href="${firstCard.src}" imagesrcset="${firstCard.srcset}"`,
    );
    // Only the head's preload: none inside the markup.
    expect(newsList.body.match(/rel="preload" as="image"/g)).toHaveLength(1);
    expect((await server.get('/Contacts')).body).not.toContain('rel="preload" as="image"');

    for (const path of ['/News', '/conf', '/Trainings', '/']) {
      const list = await server.get(path);
      const cards = images(list.body).filter((img) => img.class === 'card-image');
      expect(cards.length, path).toBeGreaterThan(1);
      for (const card of cards) {
        expect(card.alt, path).toBeTruthy();
        expect(card, path).toMatchObject({ width: '1200', height: '675' });
        expect(card.srcset, path).toMatch(/ 1200w$/);
      }
      expect(cards.filter((c) => c.loading === 'eager').length, path).toBeLessThanOrEqual(1);
      expect(cards.filter((c) => c.loading === 'lazy').length, path).toBeGreaterThan(0);
      // The others at low priority: they do not share the connection with the main image.
      expect(
        cards.filter((c) => c.loading === 'lazy' && c.fetchpriority !== 'low'),
        path,
      ).toEqual([]);
    }
  });

  it('refuses an image without alt text with the Ukrainian message under the alt field, on every type with images', async () => {
    const news = (await allOf('news'))[0]!;
    const { id, version, createdAt: _c, updatedAt: _u, ...data } = news;
    for (const alt of ['', '   ']) {
      const err = await adminOf('news').update!({ id, version, data: { ...data, cover: { ...data.cover, alt } } }).then(
        () => null,
        (e: unknown) => e as TRPCError,
      );
      expect(err?.code).toBe('BAD_REQUEST');
      // The cause is the validation error; its issues name the field and carry the Ukrainian message.
      const issues = JSON.stringify((err?.cause as { issues?: unknown } | undefined)?.issues ?? []);
      expect(issues).toContain(ALT_REQUIRED_MESSAGE);
      expect(issues).toContain('"cover","alt"');
    }
    // Over HTTP the client gets it as a field error at data.cover.alt.
    const cookie = await sessionCookie(server, ADMIN.email, ADMIN.password);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/adminContent.conferences.create',
      headers: { cookie: `__session=${cookie}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        json: {
          data: {
            title: 'Конференція без опису обкладинки',
            startDate: '2027-05-01',
            endDate: '2027-05-02',
            cover: { ...data.cover, alt: '' },
          },
        },
      }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } } }>();
    expect(body.error.json.data.zodError.fieldErrors['data.cover.alt']).toEqual([ALT_REQUIRED_MESSAGE]);

    // With alt text it saves and shows.
    const saved = await adminOf('news').update!({
      id,
      version,
      data: { ...data, cover: { ...data.cover, alt: 'Новий опис обкладинки' } },
    });
    expect(saved.cover!.alt).toBe('Новий опис обкладинки');
  });
});

describe('datasets', () => {
  it('shows the dataset version and the article DOI as the article’s, not the store revision or the dataset’s own DOI', async () => {
    const month = await server.get('/data_repo/month');
    const text = textOf(month.body);
    expect(text).toContain('Версія 1.0.1');
    expect(text).toContain('DOI статті про набір 10.1016/j.dib.2022.108553');
    expect(text).not.toContain('DOI набору даних');
    const stn = textOf((await server.get('/data_repo/ClimUAsd-stn.v2')).body);
    expect(stn).toContain('Версія 2.0');
    expect(stn).not.toMatch(/Версія 1(?![.\d])/);
    expect(textOf((await server.get('/data_repo')).body)).toContain('версія 2.0');
    expect(textOf((await server.get('/')).body)).toContain('версія 1.1');
  });

  it('keeps the admin’s optimistic concurrency: saves with the store revision, and the dataset version stays the dataset’s', async () => {
    const datasets = await allOf('dataRepo');
    const doc = datasets.find((d) => d.slug === 'ClimUAd_Ukrainian_gridded_daily')!;
    expect(typeof doc.version).toBe('number');
    expect(doc.datasetVersion).toBe('1.1');
    const { id, version, createdAt: _c, updatedAt: _u, ...data } = doc;
    const saved = await adminOf('dataRepo').update!({ id, version, data: { ...data, datasetVersion: '1.2' } });
    expect(saved.version).toBe(version + 1);
    expect(saved.datasetVersion).toBe('1.2');
    const stale = await adminOf('dataRepo').update!({ id, version, data }).then(
      () => null,
      (e: unknown) => e as TRPCError,
    );
    expect(stale?.code).toBe('CONFLICT');
    expect(textOf((await server.get('/data_repo/ClimUAd_Ukrainian_gridded_daily')).body)).toContain('Версія 1.2');
  });

  it('archives hold a README, CSV samples that parse, and NetCDF grids that read back', async () => {
    for (const [slug, ncName] of [
      ['month', 'month-sample-2020.nc'],
      ['ClimUAd_Ukrainian_gridded_daily', 'ClimUAd-sample-2020-07.nc'],
      ['ClimUAsd-stn.v2', null],
    ] as const) {
      const redirect = await server.app.inject({ method: 'GET', url: `/data_repo/${slug}.zip` });
      const zip = await download(String(redirect.headers.location));
      expect(zip.length, slug).toBeGreaterThan(10_000);
      const files = unzipSync(new Uint8Array(zip));
      expect(strFromU8(files['README.txt']!)).toContain('Змінні:');
      const csvs = Object.keys(files).filter((n) => n.endsWith('.csv'));
      expect(csvs.length, slug).toBeGreaterThan(0);
      for (const name of csvs) {
        const rows = parse<Record<string, string>>(strFromU8(files[name]!), { columns: true, skip_empty_lines: true });
        expect(rows.length, name).toBeGreaterThan(10);
        for (const value of Object.values(rows[0]!)) expect(value, name).not.toBe('');
        if ('tmean_c' in rows[0]!) {
          for (const row of rows) {
            expect(Number(row.tmin_c)).toBeLessThanOrEqual(Number(row.tmean_c));
            expect(Number(row.tmean_c)).toBeLessThanOrEqual(Number(row.tmax_c));
            expect(Number(row.precip_mm)).toBeGreaterThanOrEqual(0);
          }
        }
      }
      if (ncName) {
        const reader = new NetCDFReader(files[ncName]!);
        expect(reader.version).toBe('classic format');
        expect(reader.dimensions.map((d) => d.name)).toEqual(['time', 'lat', 'lon']);
        expect(reader.getAttribute('Conventions')).toBe('CF-1.8');
        const lat = reader.getDataVariable('lat') as number[];
        expect(lat).toHaveLength(10);
        expect(lat[0]).toBeCloseTo(50.0, 4);
        const tmean = reader.getDataVariable('tmean') as number[];
        const precip = reader.getDataVariable('precip') as number[];
        expect(tmean).toHaveLength(reader.dimensions[0]!.size * 100);
        expect(Math.min(...precip)).toBeGreaterThanOrEqual(0);
        expect(tmean.every((v) => v > -40 && v < 45)).toBe(true);
        const attributes = reader.variables.find((v) => v.name === 'tmean')!.attributes as Array<{
          name: string;
          value: unknown;
        }>;
        expect(attributes.find((a) => a.name === 'units')?.value).toBe('degC');
      }
    }
  });
});

describe('PDFs', () => {
  it('every thesis and publication has a multi-page PDF with its title, authors and Ukrainian text', async () => {
    const theses = await allOf('theses');
    const publications = await allOf('publications');
    const pdfs = [
      ...theses.map((t) => ({ doc: t, file: t.pdf })),
      ...publications.map((p) => ({
        doc: p,
        file: p.attachments?.find((a) => a.contentType === 'application/pdf'),
      })),
    ];
    expect(pdfs.length).toBe(theses.length + publications.length);
    for (const { doc, file } of pdfs) {
      expect(file, doc.id).toBeTruthy();
      const bytes = await download(file!.url);
      expect(bytes.length, doc.id).toBeLessThan(200_000);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount(), doc.id).toBeGreaterThan(1);
      expect(pdf.getTitle()).toBe(doc.title);
      const names = Array.isArray(doc.authors) ? doc.authors.map((a) => (typeof a === 'string' ? a : a.name)) : [];
      for (const name of names) expect(pdf.getAuthor()).toContain(name);
    }
  });
});

describe('no placeholders', () => {
  it('no seeded page says the text is provisional, to come later or a sample, and none shows a fake ORCID', async () => {
    const paths = new Set<string>([
      '/',
      '/News',
      '/Trainings',
      '/conf',
      '/data_repo',
      '/Departments',
      '/publications',
      '/journal',
      '/docs',
      '/Contacts',
      '/msg/tethys',
      '/COP29',
    ]);
    for (const key of [
      'news',
      'conferences',
      'dataRepo',
      'departments',
      'publications',
      'journal',
      'activities',
      'pages',
    ]) {
      const type = (await import('../../src/shared/content/registry')).contentTypes[key as 'news'];
      for (const doc of await allOf(key))
        if (doc.status === 'published' && type.publicPath) paths.add(type.publicPath(doc).split('#')[0]!);
    }
    for (const path of paths) {
      const page = await server.get(path);
      if (page.status === 404) continue;
      expect(page.status, path).toBe(200);
      const text = textOf(page.body);
      expect(text, path).not.toMatch(
        /попередн(ій|ьо) опис|опис попередній|\(попередньо\)|пізніше|уточнюється|заглушк|seed\)|0000-0000/i,
      );
    }
  });
});
