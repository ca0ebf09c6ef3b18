/**
 * Which files PDF, attachment and dataset fields take (shared/documentFiles.ts): name, declared type
 * and, in the admin, the first bytes; the content schemas built on it (fields.ts); and the download
 * name an upload stores (shared/contentDisposition.ts) and the embedded storage serves.
 */
import { describe, expect, it } from 'vitest';
import { attachmentsSchema, dataFilesSchema, pdfRefSchema } from '../../src/shared/content/fields';
import { dispositionFileName, uploadDisposition } from '../../src/shared/contentDisposition';
import { acceptAttribute, fileRefusal, storedTypeOf } from '../../src/shared/documentFiles';
import { pickedRef } from '../../src/client/admin/media/useMedia';
import { contentDispositionFor } from '../../src/server/storage/routes';

const bytes = (s: string | number[]) =>
  typeof s === 'string' ? Uint8Array.from(s, (c) => c.charCodeAt(0)) : Uint8Array.from(s);

/** A minimal Windows program head: `MZ`, e_lfanew = 0x40, `PE\0\0` there. */
const PE = (() => {
  const h = new Uint8Array(0x80);
  h.set(bytes('MZ'));
  h[0x3c] = 0x40;
  h.set(bytes('PE\0\0'), 0x40);
  return h;
})();
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('fileRefusal for attachments (document)', () => {
  it('refuses an .exe, a file without an extension and an HTML page, listing what is allowed', () => {
    expect(fileRefusal('document', 'doc.exe', 'application/x-ms-dos-executable')).toMatch(
      /^Цей тип файлу не приймається: \.exe\. Дозволено: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP, RTF, TXT, CSV, JSON, XML, ZIP, 7Z, GZ, TAR, NetCDF, JPEG, PNG, WebP, GIF, SVG$/,
    );
    expect(fileRefusal('document', 'README', 'text/plain')).toMatch(
      /^Цей тип файлу не приймається: файл без розширення\./,
    );
    expect(fileRefusal('document', 'page.html', 'text/html')).toMatch(/: \.html\./);
  });

  it('takes listed formats by extension and type, in any case, with parameters or the unknown type', () => {
    expect(fileRefusal('document', 'Звіт.DOCX', DOCX)).toBeNull();
    expect(fileRefusal('document', 'дані.csv', 'text/csv; charset=utf-8')).toBeNull();
    expect(fileRefusal('document', 'дані.csv', 'application/vnd.ms-excel')).toBeNull();
    expect(fileRefusal('document', 'tas.nc', 'application/octet-stream')).toBeNull();
    expect(fileRefusal('document', 'tas.nc', '')).toBeNull();
    expect(fileRefusal('document', 'logo.svg', 'image/svg+xml')).toBeNull();
  });

  it('refuses a declared type of another format than the extension says', () => {
    expect(fileRefusal('document', 'звіт.pdf', 'application/x-msdownload')).toBe(
      'Тип файлу (application/x-msdownload) не відповідає розширенню .pdf',
    );
    expect(fileRefusal('document', 'фото.png', 'image/jpeg')).not.toBeNull();
  });

  it('with the first bytes, refuses a program renamed to .pdf or .txt and takes the real formats', () => {
    expect(fileRefusal('document', 'звіт.pdf', 'application/pdf', PE)).toBe(
      'Вміст файлу не відповідає розширенню .pdf: оберіть справжній файл PDF',
    );
    expect(fileRefusal('document', 'notes.txt', 'text/plain', PE)).not.toBeNull();
    expect(fileRefusal('document', 'звіт.pdf', 'application/pdf', bytes('%PDF-1.7\n'))).toBeNull();
    expect(fileRefusal('document', 'a.docx', DOCX, bytes('PK\x03\x04\x14\x00'))).toBeNull();
    expect(fileRefusal('document', 'a.doc', '', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBeNull();
    expect(fileRefusal('document', 'tas.nc', '', bytes('CDF\x02\0\0'))).toBeNull();
    expect(fileRefusal('document', 'tas.nc', '', bytes([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(fileRefusal('document', 'tas.nc', '', bytes('рівень води'))).not.toBeNull();
    expect(fileRefusal('document', 'дані.csv', 'text/csv', new TextEncoder().encode('дата;рівень\n'))).toBeNull();
  });
});

describe('fileRefusal for PDF fields and dataset files', () => {
  it('a PDF field takes only PDF', () => {
    expect(fileRefusal('pdf', 'a.pdf', 'application/pdf')).toBeNull();
    expect(fileRefusal('pdf', 'cover.png', 'image/png')).toBe('Оберіть файл PDF');
    expect(fileRefusal('pdf', 'a.docx', DOCX)).toBe('Оберіть файл PDF');
    expect(fileRefusal('pdf', 'a.pdf', 'image/png')).toBe('Оберіть файл PDF');
  });

  it('a dataset takes any data format but refuses programs and web pages by name, type or bytes', () => {
    for (const [name, type] of [
      ['t2m.grib2', 'application/octet-stream'],
      ['obs.h5', 'application/x-hdf5'],
      ['noise.bin', ''],
      ['MZ-stations.csv', 'text/csv'],
    ])
      expect(fileRefusal('data', name!, type!, bytes('MZone,1\n')), name).toBeNull();
    expect(fileRefusal('data', 'tool.exe', 'application/octet-stream')).toBe(
      'Програми та вебсторінки не приймаються: .exe',
    );
    expect(fileRefusal('data', 'index.html', 'text/html')).not.toBeNull();
    expect(fileRefusal('data', 'data.bin', 'application/x-msdownload')).not.toBeNull();
    expect(fileRefusal('data', 'data.bin', '', PE)).not.toBeNull();
    expect(fileRefusal('data', 'data.bin', '', bytes('\x7fELF\x02\x01'))).not.toBeNull();
  });
});

describe('storedTypeOf and acceptAttribute', () => {
  it('stores a listed format under its own type whatever the browser said', () => {
    expect(storedTypeOf('document', 'tas.nc', '')).toBe('application/x-netcdf');
    expect(storedTypeOf('document', 'дані.csv', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(storedTypeOf('data', 'tas.NC', 'application/octet-stream')).toBe('application/x-netcdf');
    expect(storedTypeOf('data', 't2m.grib2', '')).toBe('application/octet-stream');
  });

  it('names extensions and types for the file dialog, none for datasets', () => {
    expect(acceptAttribute('pdf')).toBe('.pdf,application/pdf');
    expect(acceptAttribute('document')!.split(',')).toEqual(
      expect.arrayContaining(['.docx', '.nc', '.7z', 'text/csv']),
    );
    expect(acceptAttribute('document')).not.toContain('.exe');
    expect(acceptAttribute('data')).toBeUndefined();
  });
});

describe('content schemas', () => {
  const ref = (name: string, contentType: string) => ({
    path: `public/media/x-${name}`,
    name,
    contentType,
    size: 1,
    url: '/v0/b/b/o/x?alt=media&token=t',
  });

  it('an attachment list names each refused file', () => {
    const parsed = attachmentsSchema.safeParse([
      ref('a.pdf', 'application/pdf'),
      ref('doc.exe', 'application/x-msdownload'),
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[], expect.stringMatching(/^doc\.exe: Цей тип файлу не приймається: \.exe\./)],
    ]);
    expect(attachmentsSchema.safeParse([ref('a.pdf', 'application/pdf')]).success).toBe(true);
  });

  it('a PDF field refuses a PNG at the field itself; dataset files refuse a program', () => {
    const png = pdfRefSchema.safeParse(ref('p.png', 'image/png'));
    expect(png.error?.issues.map((i) => [i.path, i.message])).toEqual([[[], 'Оберіть файл PDF']]);
    expect(pdfRefSchema.parse(null)).toBeNull();
    expect(dataFilesSchema.safeParse([ref('setup.exe', 'application/octet-stream')]).success).toBe(false);
    expect(dataFilesSchema.safeParse([ref('t2m.grib2', 'application/octet-stream')]).success).toBe(true);
  });
});

describe('download names', () => {
  it('stores the editor’s name (RFC 8187 for Ukrainian, ASCII fallback), inline only for PDF and raster images', () => {
    const pdf = uploadDisposition('звіт (2025).pdf', 'application/pdf');
    expect(pdf).toBe(`inline; filename="____ (2025).pdf"; filename*=UTF-8''%D0%B7%D0%B2%D1%96%D1%82%20%282025%29.pdf`);
    expect(dispositionFileName(pdf)).toBe('звіт (2025).pdf');
    expect(uploadDisposition('logo.svg', 'image/svg+xml')).toMatch(/^attachment; filename="logo\.svg"/);
    expect(dispositionFileName('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(dispositionFileName('inline')).toBeNull();
    expect(uploadDisposition(`${'д'.repeat(300)}.docx`, DOCX).length).toBeLessThan(1024);
  });

  it('a download the server makes an attachment keeps the stored name, not the object name', () => {
    expect(
      contentDispositionFor('public/media/mx0fq5cy-zvit.pdf', false, uploadDisposition('звіт.pdf', 'application/pdf')),
    ).toBe(`attachment; filename="????.pdf"; filename*=UTF-8''%D0%B7%D0%B2%D1%96%D1%82.pdf`);
    expect(contentDispositionFor('public/media/mx0fq5cy-doc.bin', false)).toBe('attachment; filename=mx0fq5cy-doc.bin');
  });

  it('a file picked from the library is named as it was uploaded (the stored name when unknown)', () => {
    const stored = {
      path: 'public/media/mx0fq5cy-zvit.pdf',
      name: 'mx0fq5cy-zvit.pdf',
      contentType: 'application/pdf',
      size: 1,
      url: '/x',
    };
    expect(pickedRef({ ...stored, uploadedAs: 'звіт.pdf' })).toEqual({ ...stored, name: 'звіт.pdf' });
    expect(pickedRef({ ...stored, uploadedAs: null })).toEqual(stored);
  });
});
