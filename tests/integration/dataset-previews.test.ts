/**
 * Issue 28 item 6 over HTTP on the seeded server: the previews of the seed's CSV and NetCDF files
 * (tRPC payload and the server-rendered dataset page), broken copies (truncated, garbage bytes)
 * shown as a Ukrainian message while the rest of the page renders, the preview cache following an
 * object's generation, «Завантажити все» (a ZIP unpacked with fflate, its SHA256SUMS.txt checked
 * against the files), and byte ranges (206/416) on the files' public URLs.
 */
import { createHash } from 'node:crypto';
import { parse as parseDisposition } from 'content-disposition';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../../src/shared/content/fields';
import type { CsvChartData, CsvPreview, FilePreview, NetcdfPreview } from '../../src/shared/datasetPreview';
import { ContentAdminService } from '../../src/server/content/admin';
import { monthlyGridCsv, monthlyGridNetcdf } from '../../src/server/seed/datasetSamples';
import { textOf } from './helpers';
import { ADMIN, useDatasetServer } from './datasetServer';

const ds = useDatasetServer('test');
const { storeFile } = ds;

async function previews(
  slug: string,
  version?: string,
): Promise<{ status: number; files?: FilePreview[]; code?: string }> {
  const input = encodeURIComponent(JSON.stringify({ json: version ? { slug, version } : { slug } }));
  const res = await fetch(`${ds.origin}/api/trpc/datasetPreview.files?input=${input}`);
  const body = (await res.json()) as {
    result?: { data: { json: FilePreview[] } };
    error?: { json: { data: { code: string } } };
  };
  return { status: res.status, files: body.result?.data.json, code: body.error?.json.data.code };
}

/** The seed's `month` dataset as the API gives it. */
async function monthDataset(): Promise<{ files: FileRef[]; datasetVersion: string }> {
  const input = encodeURIComponent(JSON.stringify({ json: { idOrSlug: 'month' } }));
  const res = await fetch(`${ds.origin}/api/trpc/dataRepo.get?input=${input}`);
  return ((await res.json()) as { result: { data: { json: { files: FileRef[]; datasetVersion: string } } } }).result
    .data.json;
}

describe('previews of the seed files', () => {
  it('gives the NetCDF header with coverage and the CSV table and chart data of the monthly grid', async () => {
    const { status, files } = await previews('month');
    expect(status).toBe(200);
    expect(files!.map((f) => [f.name, f.format, f.preview.kind])).toEqual([
      ['month-sample-2020.nc', 'netcdf', 'netcdf'],
      ['month-sample-2020.csv', 'csv', 'csv'],
    ]);
    const nc = files![0]!.preview as NetcdfPreview;
    expect(nc.dimensions.map((d) => `${d.name}=${d.size}`)).toEqual(['time=12', 'lat=10', 'lon=10']);
    expect(nc.variables.find((v) => v.name === 'time')).toMatchObject({
      standardName: 'time',
      units: 'days since 1946-01-01 00:00:00',
    });
    expect(nc.time).toEqual({ start: '2020-01-15', end: '2020-12-15', steps: 12 });
    expect(nc.bbox).toMatchObject({ west: 30, south: 50 });
    const csv = files![1]!.preview as CsvPreview;
    expect(csv.rows).toHaveLength(20);
    expect(csv.series.map((s) => s.column)).toContain('tmean_c');
  });

  it("gives a CSV column's chart values on request, and NOT_FOUND for another file or column", async () => {
    const { files } = await previews('month');
    const csv = files![1]!;
    const ask = async (input: Record<string, string>) => {
      const q = encodeURIComponent(JSON.stringify({ json: { slug: 'month', ...input } }));
      const res = await fetch(`${ds.origin}/api/trpc/datasetPreview.chart?input=${q}`);
      return (await res.json()) as {
        result?: { data: { json: CsvChartData } };
        error?: { json: { data: { code: string } } };
      };
    };
    const chart = (await ask({ path: csv.path, column: 'tmean_c' })).result!.data.json;
    expect(chart.x).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const summary = (csv.preview as CsvPreview).series.find((s) => s.column === 'tmean_c')!;
    const values = chart.y.filter((v): v is number => v !== null);
    expect([Math.min(...values), Math.max(...values)]).toEqual([summary.min, summary.max]);
    expect(Number(csv.preview.kind === 'csv' && csv.preview.rows[0]![6])).toBe(chart.y[0]);
    expect((await ask({ path: csv.path, column: 'no_such' })).error!.json.data.code).toBe('NOT_FOUND');
    expect((await ask({ path: files![0]!.path, column: 'time' })).error!.json.data.code).toBe('NOT_FOUND');
    expect((await ask({ path: 'public/other.csv', column: 'tmean_c' })).error!.json.data.code).toBe('NOT_FOUND');
  });

  it('renders the previews into the dataset page on the server, with «Завантажити все»', async () => {
    const res = await fetch(`${ds.origin}/data_repo/month`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('Перегляд файлів');
    expect(text).toContain('Рядки 1–20 файлу month-sample-2020.csv (у файлі є ще рядки)');
    expect(html).toMatch(/<th scope="col">tmean_c<\/th>/);
    expect(html).toMatch(/<select[^>]*>.*<option value="tmean_c"/s);
    expect(text).toMatch(/Лінійний графік стовпця «[a-z_]+» у рядках 1–400: найменше значення/);
    expect(text).toContain('Глобальні атрибути');
    expect(text).toContain('CF-1.8');
    expect(text).toContain('2020-01-15 – 2020-12-15 (12 кроків)');
    expect(html).toContain('href="/api/data_repo/month/files.zip"');
    expect(text).toContain('Завантажити все (ZIP: 2 файли і SHA256SUMS.txt');
  });

  it('answers an unknown dataset or version with NOT_FOUND', async () => {
    expect((await previews('no-such-dataset')).code).toBe('NOT_FOUND');
    expect((await previews('month', '0.0.1')).code).toBe('NOT_FOUND');
  });
});

describe('broken files', () => {
  const nc = monthlyGridNetcdf();
  const csv = Buffer.from(monthlyGridCsv());
  const garbage = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
  let okCsv: FileRef;

  beforeAll(async () => {
    okCsv = await storeFile('ok.csv', Buffer.from('date,t\n2020-01-01,1.5\n2020-01-02,2.5\n'), 'text/csv');
    const files = [
      await storeFile('truncated.csv', csv.subarray(0, csv.length - 7), 'text/csv'),
      await storeFile('garbage.csv', garbage, 'text/csv'),
      await storeFile('truncated.nc', nc.subarray(0, Math.floor(nc.length / 2)), 'application/x-netcdf'),
      await storeFile('garbage.nc', garbage, 'application/x-netcdf'),
      okCsv,
    ];
    await new ContentAdminService(ds.server.content).create(
      'dataRepo',
      { title: 'Пошкоджені файли', slug: 'broken-samples', status: 'published', summary: 'Перевірка', files },
      ADMIN,
    );
  });

  it('each broken copy gets a Ukrainian reason instead of a preview; the good file still has its own', async () => {
    const { files } = await previews('broken-samples');
    const byName = Object.fromEntries(files!.map((f) => [f.name, f.preview]));
    expect(byName['truncated.csv']).toEqual({
      kind: 'error',
      message: expect.stringMatching(/^Не вдалося прочитати файл: рядок 1201 має \d полів.*файл обрізано/) as unknown,
    });
    expect(byName['garbage.csv']).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^Не вдалося прочитати файл: файл /) as unknown,
    });
    expect(byName['truncated.nc']).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(
        /^Не вдалося прочитати файл: дані змінної «\w+» виходять за кінець файлу/,
      ) as unknown,
    });
    expect(byName['garbage.nc']).toEqual({
      kind: 'error',
      message: 'Не вдалося прочитати файл: це не файл NetCDF (на початку немає підпису «CDF»)',
    });
    expect(byName['ok.csv']).toMatchObject({ kind: 'csv', columns: ['date', 't'] });
  });

  it('the page renders (200) with the messages in place of the previews and the rest of the page', async () => {
    const res = await fetch(`${ds.origin}/data_repo/broken-samples`);
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text.match(/Не вдалося прочитати файл: /g)).toHaveLength(4);
    expect(text).toContain('Рядки 1–2 файлу ok.csv');
    expect(text).toContain('Файли даних');
    expect(text).toContain('Пошкоджені файли');
  });

  it('a rewritten file (a new generation) is previewed again', async () => {
    await ds.port.put(okCsv.path, Buffer.from('date,t,p\n2021-05-01,3,4\n'), { contentType: 'text/csv' });
    const { files } = await previews('broken-samples');
    expect(files!.find((f) => f.name === 'ok.csv')!.preview).toMatchObject({
      kind: 'csv',
      columns: ['date', 't', 'p'],
    });
  });
});

describe('«Завантажити все»', () => {
  it('streams a ZIP of the version files with SHA256SUMS.txt that matches the files', async () => {
    const d = await monthDataset();
    const res = await fetch(`${ds.origin}/api/data_repo/month/files.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(parseDisposition(res.headers.get('content-disposition')!)).toMatchObject({
      type: 'attachment',
      parameters: { filename: `month-v${d.datasetVersion}.zip` },
    });
    expect(res.headers.get('transfer-encoding')).toBe('chunked'); // streamed, not sent as one buffer
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries)).toEqual([...d.files.map((f) => f.name), 'SHA256SUMS.txt']);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    const lines: string[] = [];
    for (const f of d.files) {
      const original = new Uint8Array(await (await fetch(`${ds.origin}${f.url}`)).arrayBuffer());
      expect(Buffer.from(entries[f.name]!).equals(Buffer.from(original)), f.name).toBe(true);
      lines.push(`${sha(original)}  ${f.name}`);
    }
    expect(Buffer.from(entries['SHA256SUMS.txt']!).toString('utf8')).toBe(`${lines.join('\n')}\n`);
  });

  it('names the version asked for, and refuses unknown datasets, versions and missing files with 404', async () => {
    const d = await monthDataset();
    const same = await fetch(`${ds.origin}/api/data_repo/month/files.zip?version=${d.datasetVersion}`);
    expect(same.status).toBe(200);
    await same.arrayBuffer();
    const none = await fetch(`${ds.origin}/api/data_repo/no-such/files.zip`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: string }).error).toBe('Набір даних не знайдено: no-such');
    const old = await fetch(`${ds.origin}/api/data_repo/month/files.zip?version=0.0.1`);
    expect(old.status).toBe(404);
    expect(((await old.json()) as { error: string }).error).toMatch(/^У набору «month» немає файлів версії 0\.0\.1/);
    await ds.port.delete('public/test/garbage.nc');
    const missing = await fetch(`${ds.origin}/api/data_repo/broken-samples/files.zip`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('Файлу «garbage.nc» немає у сховищі');
  });
});

describe('byte ranges on the files the dataset page links to', () => {
  it('answers Range with 206 and Content-Range, a suffix range too, and 416 past the end', async () => {
    const html = await (await fetch(`${ds.origin}/data_repo/month`)).text();
    const links = [...html.matchAll(/<a href="([^"]+)" download="[^"]+" class="file-link"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(links).toHaveLength(2);
    for (const link of links) {
      const whole = await fetch(`${ds.origin}${link}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      const bytes = Buffer.from(await whole.arrayBuffer());
      const part = await fetch(`${ds.origin}${link}`, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
      const suffix = await fetch(`${ds.origin}${link}`, { headers: { range: 'bytes=-16' } });
      expect(suffix.status).toBe(206);
      expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(bytes.length - 16))).toBe(true);
      const past = await fetch(`${ds.origin}${link}`, { headers: { range: `bytes=${bytes.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      await past.arrayBuffer();
    }
  });
});
