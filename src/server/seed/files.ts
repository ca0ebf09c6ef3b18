/**
 * Bytes of the files the seed declares: a one-page PDF (PDF 1.4, base-14 Helvetica, so Latin text
 * only) or CSV / plain text as UTF-8.
 */
import type { SeedFile } from './types';

function pdfString(text: string): string {
  // Base-14 fonts cover Latin-1; anything else becomes '?'. Escape PDF string delimiters.
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
}

/** A minimal valid one-page A4 PDF showing the given lines (the first as a heading). */
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

export function seedFileBytes(file: SeedFile): { bytes: Buffer; contentType: string } {
  switch (file.kind) {
    case 'pdf':
      return { bytes: onePagePdf(file.text.split('\n')), contentType: 'application/pdf' };
    case 'csv':
      return { bytes: Buffer.from(file.text, 'utf8'), contentType: 'text/csv; charset=utf-8' };
    default:
      return { bytes: Buffer.from(file.text, 'utf8'), contentType: 'text/plain; charset=utf-8' };
  }
}
