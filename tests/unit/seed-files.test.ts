/**
 * The seed's own file makers: the NetCDF classic writer read back with netcdfjs, the PDF typesetter
 * read back with pdf-lib, ORCID checking, and the registry's guard against fields the API overwrites.
 */
import { NetCDFReader } from 'netcdfjs';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContentType } from '../../src/shared/content/define';
import { isIssuableOrcid, users } from '../../src/shared/content/types/users';
import { writeNetcdf } from '../../src/server/seed/netcdf';
import { htmlBlocks } from '../../src/server/pdf/htmlBlocks';
import { seedPdf } from '../../src/server/seed/pdf';

describe('NetCDF classic writer', () => {
  it('writes a CDF-1 file that netcdfjs reads back: dimensions, global and variable attributes, values', () => {
    const bytes = writeNetcdf({
      dimensions: [
        { name: 'time', length: 2 },
        { name: 'lat', length: 3 },
      ],
      attributes: {
        title: 'Test: air temperature',
        version: { type: 'int', values: [2] },
        scale: { type: 'double', values: [0.5, 1.5] },
      },
      variables: [
        {
          name: 'lat',
          dimensions: ['lat'],
          type: 'float',
          attributes: { units: 'degrees_north' },
          data: [50, 50.1, 50.2],
        },
        { name: 'count', dimensions: ['time'], type: 'int', data: [7, -3] },
        {
          name: 'tmean',
          dimensions: ['time', 'lat'],
          type: 'double',
          attributes: { units: 'degC', _FillValue: { type: 'double', values: [-9999] } },
          data: [1.25, -2.5, 3, 4, 5, 6.75],
        },
      ],
    });
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x43, 0x44, 0x46, 0x01]));
    expect(bytes.length % 4).toBe(0);
    const reader = new NetCDFReader(bytes);
    expect(reader.version).toBe('classic format');
    expect(reader.dimensions).toEqual([
      { name: 'time', size: 2 },
      { name: 'lat', size: 3 },
    ]);
    expect(reader.getAttribute('title')).toBe('Test: air temperature');
    expect(reader.getAttribute('version')).toBe(2);
    expect(reader.getAttribute('scale')).toEqual([0.5, 1.5]);
    expect((reader.getDataVariable('lat') as number[]).map((v) => Math.round(v * 100) / 100)).toEqual([50, 50.1, 50.2]);
    expect(reader.getDataVariable('count')).toEqual([7, -3]);
    expect(reader.getDataVariable('tmean')).toEqual([1.25, -2.5, 3, 4, 5, 6.75]);
    const tmean = reader.variables.find((v) => v.name === 'tmean')!;
    expect(tmean.dimensions).toEqual([0, 1]);
    expect((tmean.attributes as Array<{ name: string; value: unknown }>).map((a) => [a.name, a.value])).toEqual([
      ['units', 'degC'],
      ['_FillValue', -9999],
    ]);
  });

  it('refuses a variable whose values do not fill its dimensions, or that names an unknown dimension', () => {
    expect(() =>
      writeNetcdf({
        dimensions: [{ name: 'x', length: 2 }],
        variables: [{ name: 'v', dimensions: ['x'], type: 'float', data: [1] }],
      }),
    ).toThrow(/1 values for 2 cells/);
    expect(() =>
      writeNetcdf({ dimensions: [], variables: [{ name: 'v', dimensions: ['y'], type: 'float', data: [1] }] }),
    ).toThrow(/unknown dimension y/);
  });
});

describe('seed PDFs', () => {
  it('typesets a scholarly PDF of several pages with Ukrainian metadata and an embedded font', async () => {
    const bytes = await seedPdf({
      title: 'Водний баланс басейну Південного Бугу',
      authors: [{ name: 'Білоус С. А.', affiliation: 'УкрГМІ' }],
      abstract: 'Оцінено складові водного балансу.',
      keywords: ['водний баланс', 'Південний Буг'],
      body: '<p>Перший абзац.</p><h2>Методи</h2><ul><li>модель</li></ul>',
      scholarly: true,
      figure: { kind: 'precipitation', station: 'Vinnytsia' },
      year: 2027,
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe('Водний баланс басейну Південного Бугу');
    expect(pdf.getAuthor()).toBe('Білоус С. А.');
    expect(pdf.getKeywords()).toBe('водний баланс Південний Буг');
    // The TrueType font (DejaVu, subset) is embedded, so Cyrillic is real text.
    const fontFiles = pdf.context
      .enumerateIndirectObjects()
      .filter(([, obj]) => obj instanceof PDFDict && obj.has(PDFName.of('FontFile2')));
    expect(fontFiles.length).toBeGreaterThan(0);
  });

  it('reads headings, paragraphs and list items from rich text, entities decoded', () => {
    expect(htmlBlocks('<h2>Мета</h2><p>Текст &amp; <strong>далі</strong></p><ul><li>пункт</li></ul>')).toEqual([
      { kind: 'heading', text: 'Мета' },
      { kind: 'paragraph', text: 'Текст & далі' },
      { kind: 'item', text: 'пункт' },
    ]);
  });
});

describe('ORCID iDs', () => {
  it('accepts real check digits and refuses wrong ones and the 0000-0000 block; empty stays allowed', () => {
    expect(isIssuableOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isIssuableOrcid('0000-0001-5109-3700')).toBe(true);
    expect(isIssuableOrcid('0000-0002-1694-233X')).toBe(true);
    expect(isIssuableOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isIssuableOrcid('0000-0000-3714-2070')).toBe(false);
    const orcid = users.schema.shape.orcid;
    expect(orcid.safeParse('').success).toBe(true);
    expect(orcid.safeParse('0000-0000-3714-2070').success).toBe(false);
  });
});

describe('content type declarations', () => {
  it('refuse a field the API would overwrite with document metadata', () => {
    expect(() =>
      defineContentType({
        key: 'broken',
        labels: { singular: 'x', plural: 'x' },
        kind: 'collection',
        isPublic: false,
        publishable: false,
        schema: z.object({ title: z.string(), version: z.string() }),
        useAsTitle: 'title',
        defaultColumns: ['title'],
        searchable: [],
        filters: [],
        sorts: {},
        fileFields: [],
        relations: [],
      }),
    ).toThrow(/"version" is reserved/);
  });
});
