/**
 * zipLimits.ts: the size check that keeps «Завантажити все» within a ZIP without ZIP64 (fflate
 * writes none), and which files are deflated (text) or stored (binary, already compressed).
 */
import { describe, expect, it } from 'vitest';
import {
  ZIP32_MAX_BYTES,
  ZIP_MARGIN_BYTES,
  isTextFile,
  zipOverflow,
  zipTooLargeMessage,
} from '../../src/server/datasetFiles/zipLimits';

describe('zipOverflow', () => {
  const limit = ZIP32_MAX_BYTES - ZIP_MARGIN_BYTES;

  it('lets through files whose data, names and headers stay under 4 GiB minus the margin', () => {
    expect(zipOverflow([{ name: 'a.nc', size: 10 }])).toBeNull();
    expect(zipOverflow([{ name: 'a.nc', size: limit - 1000 }])).toBeNull();
    expect(
      zipOverflow([
        { name: 'a.nc', size: 2 * 2 ** 30 },
        { name: 'b.nc', size: 1.5 * 2 ** 30 },
      ]),
    ).toBeNull();
  });

  it('refuses one file or a total past the bound, counting the per-entry headers and names', () => {
    expect(zipOverflow([{ name: 'a.nc', size: limit }])).toBeGreaterThan(limit);
    expect(zipOverflow([{ name: 'a.nc', size: 4.5 * 2 ** 30 }])).toBeGreaterThan(4.5 * 2 ** 30);
    expect(
      zipOverflow([
        { name: 'a.nc', size: 2.5 * 2 ** 30 },
        { name: 'b.nc', size: 2.5 * 2 ** 30 },
      ]),
    ).not.toBeNull();
    // 50 files just under the bound on their data alone pass it with their headers.
    const each = Math.floor(limit / 50) - 10;
    expect(zipOverflow(Array.from({ length: 50 }, (_, i) => ({ name: `f${i}.nc`, size: each })))).not.toBeNull();
  });

  it('says so in Ukrainian, with the size in GiB and the way out', () => {
    expect(zipTooLargeMessage(4.5 * 2 ** 30)).toBe(
      'Архів завеликий: файли цієї версії разом займають 4,5 ГБ, а ZIP «Завантажити все» вміщує менше 4 ГБ. ' +
        'Завантажте файли по одному за посиланнями на сторінці набору даних.',
    );
  });
});

describe('isTextFile', () => {
  it('deflates text, CSV, JSON and XML types, and text names of a generic type', () => {
    for (const contentType of [
      'text/csv',
      'text/plain; charset=utf-8',
      'application/json',
      'application/ld+json',
      'application/xml',
      'application/csv',
    ]) {
      expect(isTextFile({ name: 'x', contentType }), contentType).toBe(true);
    }
    expect(isTextFile({ name: 'readme.txt', contentType: 'application/octet-stream' })).toBe(true);
    expect(isTextFile({ name: 'data.CSV', contentType: '' })).toBe(true);
  });

  it('stores NetCDF, archives, images and unknown binaries', () => {
    for (const [name, contentType] of [
      ['a.nc', 'application/x-netcdf'],
      ['a.zip', 'application/zip'],
      ['a.gz', 'application/gzip'],
      ['a.png', 'image/png'],
      ['a.svg', 'image/svg+xml'],
      ['a.pdf', 'application/pdf'],
      ['a.bin', 'application/octet-stream'],
      ['a.csv.gz', 'application/octet-stream'],
    ]) {
      expect(isTextFile({ name: name!, contentType: contentType! }), name).toBe(false);
    }
  });
});
