/**
 * Dataset previews over HTTP on a seeded SQLite data dir, for the review's findings: a Cyrillic CSV
 * over 64 KiB whose 4 KiB tail starts inside a two-byte character is previewed (not "not UTF-8"); a
 * NetCDF time past a date's range shows numbers with units and its preview is kept like any other
 * (the file is not read again); the kept previews are bounded by bytes; a failed storage read is
 * reported as such and not kept.
 */
import { renameSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { CsvPreview, FilePreview, NetcdfPreview } from '../../src/shared/datasetPreview';
import { DatasetPreviews } from '../../src/server/datasetFiles/previews';
import { monthlyGridCsv } from '../../src/server/seed/datasetSamples';
import { writeNetcdf } from '../../src/server/seed/netcdf';
import { useDatasetServer } from './datasetServer';

const ds = useDatasetServer('edge-test', 'Перевірка переглядів');
const { storeFile, createDataset } = ds;

async function previews(slug: string): Promise<FilePreview[]> {
  const input = encodeURIComponent(JSON.stringify({ json: { slug } }));
  const res = await fetch(`${ds.origin}/api/trpc/datasetPreview.files?input=${input}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: { json: FilePreview[] } } }).result.data.json;
}

/** A Cyrillic CSV over 64 KiB whose byte 4096 from the end is inside a two-byte character. */
function cyrillicCsvCutAtTail(): Buffer {
  for (let rows = 5000; rows < 5200; rows++) {
    const lines = ['дата,станція,значення'];
    for (let i = 0; i < rows; i++) lines.push(`2020-01-${String((i % 28) + 1).padStart(2, '0')},Жуляни,${i % 97}`);
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    if ((bytes[bytes.length - 4096]! & 0xc0) === 0x80) return bytes;
  }
  throw new Error('no row count puts a continuation byte at the tail offset');
}

describe('a Cyrillic CSV over 64 KiB', () => {
  it('is previewed although its tail starts inside a two-byte character', async () => {
    const bytes = cyrillicCsvCutAtTail();
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    await createDataset('cyrillic-csv', [await storeFile('zhuliany.csv', bytes, 'text/csv')]);
    const [file] = await previews('cyrillic-csv');
    const p = file!.preview as CsvPreview;
    expect(p).toMatchObject({ kind: 'csv', columns: ['дата', 'станція', 'значення'], partial: true });
    expect(p.rows[0]).toEqual(['2020-01-01', 'Жуляни', '0']);
  });
});

describe('a NetCDF time past the range of a date', () => {
  it('shows numbers with units, and the preview is kept: the file is not read again', async () => {
    const nc = writeNetcdf({
      dimensions: [{ name: 'time', length: 2 }],
      attributes: { title: 'overflow' },
      variables: [
        {
          name: 'time',
          dimensions: ['time'],
          type: 'double',
          attributes: { units: 'days since 1970-01-01', calendar: 'standard', standard_name: 'time' },
          data: [0, 1e300],
        },
      ],
    });
    await createDataset('time-overflow', [await storeFile('overflow.nc', nc, 'application/x-netcdf')]);
    const reads = vi.spyOn(ds.server.objects, 'openRead');
    try {
      const [first] = await previews('time-overflow');
      expect((first!.preview as NetcdfPreview).time).toEqual({
        start: '0 days since 1970-01-01',
        end: '1e+300 days since 1970-01-01',
        steps: 2,
      });
      const readsOfFirst = reads.mock.calls.length;
      expect(readsOfFirst).toBeGreaterThan(0);
      const [again] = await previews('time-overflow');
      expect(again!.preview).toEqual(first!.preview);
      expect(reads.mock.calls.length).toBe(readsOfFirst);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('the kept previews', () => {
  it('are bounded by bytes: past the bound the least recent preview is dropped and read again', async () => {
    const a = await storeFile('grid-a.csv', Buffer.from(monthlyGridCsv()), 'text/csv');
    const b = await storeFile('grid-b.csv', Buffer.from(monthlyGridCsv().replace('tmean_c', 'tmean')), 'text/csv');
    const measure = new DatasetPreviews(ds.port, { maxBytes: 64 * 1024 * 1024 });
    await measure.previewsOf([a]);
    const sizeA = measure.keptBytes;
    await measure.previewsOf([b]);
    const sizeB = measure.keptBytes - sizeA;
    expect(sizeA).toBeGreaterThan(10_000); // the chart values of 400 rows count, not one entry
    expect(sizeB).toBeGreaterThan(10_000);

    const reads = vi.spyOn(ds.server.objects, 'openRead');
    try {
      const roomy = new DatasetPreviews(ds.port, { maxBytes: sizeA + sizeB });
      for (const f of [a, b, a]) await roomy.previewsOf([f]);
      expect(reads).toHaveBeenCalledTimes(2);
      reads.mockClear();
      const tight = new DatasetPreviews(ds.port, { maxBytes: Math.max(sizeA, sizeB) + 100 });
      for (const f of [a, b, a]) await tight.previewsOf([f]);
      expect(reads).toHaveBeenCalledTimes(3);
      expect(tight.keptBytes).toBeLessThanOrEqual(Math.max(sizeA, sizeB) + 100);
    } finally {
      reads.mockRestore();
    }
  });

  it('do not keep a failed storage read: the file is previewed once it can be read again', async () => {
    const ok = await storeFile('later.csv', Buffer.from('дата,t\n2020-01-01,1\n2020-01-02,2\n'), 'text/csv');
    const blob = ds.server.objects.blobFile(ds.server.objects.findMetadata(ds.port.bucket, ok.path)!);
    const previewsOf = new DatasetPreviews(ds.port);
    renameSync(blob, `${blob}.away`);
    try {
      const [down] = await previewsOf.previewsOf([ok]);
      expect(down!.preview).toEqual({
        kind: 'error',
        message: 'Не вдалося прочитати файл: сховище файлів не відповідає, спробуйте пізніше',
      });
    } finally {
      renameSync(`${blob}.away`, blob);
    }
    const [up] = await previewsOf.previewsOf([ok]);
    expect(up!.preview).toMatchObject({ kind: 'csv', columns: ['дата', 't'] });
  });
});
