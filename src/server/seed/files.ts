/**
 * The bytes of the files the seed declares (types.ts SeedFile): CSV and text as UTF-8, binary
 * samples as made, PDFs typeset from the document that holds them (pdf.ts) and images drawn as SVG
 * and rasterised to PNG with sharp. PDFs and images are cached on disk between runs (cache.ts).
 * `onePagePdf` stays for tests that need a small valid PDF to upload.
 */
import sharp from 'sharp';
import { cachedBytes } from './cache';
import { seedPdf, type PdfContent } from './pdf';
import type { SeedFile } from './types';

function pdfString(text: string): string {
  // Base-14 fonts cover Latin-1; anything else becomes '?'. Escape PDF string delimiters.
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
}

/** A minimal valid one-page A4 PDF showing the given Latin lines (the first as a heading); for tests. */
export function onePagePdf(lines: string[]): Buffer {
  const ops = ['BT', '/F1 16 Tf', '56 780 Td'];
  lines.forEach((line, i) => {
    if (i === 1) ops.push('/F1 11 Tf');
    ops.push(`(${pdfString(line)}) Tj`, `0 ${i === 0 ? -28 : -16} Td`);
  });
  ops.push('ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The collections whose PDFs are scholarly (figure, table and references on a page of their own). */
const SCHOLARLY = new Set(['theses', 'publications']);

/** What a PDF shows, from the seed document that holds it. */
export function pdfContentOf(
  file: Extract<SeedFile, { kind: 'pdf' }>,
  collection: string,
  data: Record<string, unknown>,
): PdfContent {
  const rawAuthors = Array.isArray(data.authors) ? (data.authors as unknown[]) : [];
  const authors = rawAuthors.map((a) =>
    typeof a === 'string' ? { name: a } : (a as { name: string; affiliation?: string }),
  );
  const year =
    typeof data.year === 'number'
      ? data.year
      : typeof data.date === 'string'
        ? Number(data.date.slice(0, 4))
        : typeof data.startDate === 'string'
          ? Number(data.startDate.slice(0, 4))
          : undefined;
  return {
    title: typeof data.title === 'string' ? data.title : file.name,
    subtitle: file.subtitle,
    authors,
    abstract: typeof data.summary === 'string' ? data.summary : '',
    keywords: Array.isArray(data.keywords) ? (data.keywords as string[]) : [],
    body: typeof data.body === 'string' ? data.body : '',
    scholarly: SCHOLARLY.has(collection),
    figure: file.figure,
    year,
  };
}

/** A made seed file: its bytes, media type and, for images, the pixel size. */
export interface MadeFile {
  bytes: Buffer;
  contentType: string;
  width?: number;
  height?: number;
}

/** Makes a seed file; `collection` and `data` are the seed document that holds it (PDFs are typeset from it). */
export async function makeSeedFile(
  file: SeedFile,
  collection: string,
  data: Record<string, unknown>,
): Promise<MadeFile> {
  switch (file.kind) {
    case 'csv':
      return { bytes: Buffer.from(file.text, 'utf8'), contentType: 'text/csv; charset=utf-8' };
    case 'txt':
      return { bytes: Buffer.from(file.text, 'utf8'), contentType: 'text/plain; charset=utf-8' };
    case 'binary':
      return { bytes: file.bytes(), contentType: file.contentType };
    case 'pdf': {
      const content = pdfContentOf(file, collection, data);
      return {
        bytes: await cachedBytes('pdf', JSON.stringify(content), () => seedPdf(content)),
        contentType: 'application/pdf',
      };
    }
    case 'image': {
      const drawing = file.draw();
      const bytes = await cachedBytes('png', drawing.svg, () =>
        sharp(Buffer.from(drawing.svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer(),
      );
      return { bytes, contentType: 'image/png', width: drawing.width, height: drawing.height };
    }
  }
}
