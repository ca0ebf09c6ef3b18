/**
 * The shape of seed content files: documents per content type, with stable ids so relations can
 * point at each other, and seed files that the loader makes, writes into storage and replaces by
 * file references: text files (CSV), binary samples (NetCDF), PDFs typeset from the document that
 * holds them (pdf.ts) and images drawn in code (graphics/).
 */
import type { ContentInput, ContentKey } from '../../shared/content/registry';
import type { Drawing } from './graphics/svg';

interface SeedFileBase {
  seedFile: true;
  /** File name shown to visitors, e.g. «nakaz-15-od-2025.pdf». */
  name: string;
}

/** A file the seed loader writes. */
export type SeedFile =
  | (SeedFileBase & { kind: 'csv' | 'txt'; text: string })
  /** Binary bytes made on demand (e.g. a NetCDF sample), with their media type. */
  | (SeedFileBase & { kind: 'binary'; contentType: string; bytes: () => Buffer })
  /**
   * A PDF typeset from the document that holds it (title, authors, summary, keywords, body; pdf.ts),
   * with an optional subtitle line (e.g. «Зміст і передмова») and the sample chart it shows.
   */
  | (SeedFileBase & { kind: 'pdf'; subtitle?: string; figure?: PdfFigure })
  /** An image drawn in code (an SVG drawing, rasterised to PNG). */
  | (SeedFileBase & { kind: 'image'; draw: () => Drawing });

/** Which sample-data figure a seed PDF shows (pdf.ts). */
export type PdfFigure = { kind: 'temperature' | 'precipitation'; station: string } | { kind: 'stations' };

/** Replaces file-reference fields (objects with `path`/`url`) by SeedFile in a type's input. */
type WithSeedFiles<T> = T extends { path: string; url: string }
  ? SeedFile | (Omit<T, 'path' | 'url' | 'size' | 'contentType' | 'name' | 'width' | 'height'> & { file: SeedFile })
  : T extends Array<infer U>
    ? Array<WithSeedFiles<U>>
    : T extends object
      ? { [K in keyof T]: WithSeedFiles<T[K]> }
      : T;

export interface SeedDocument<K extends ContentKey> {
  /** Stable id, referenced by relations (e.g. a thesis's conferenceId). */
  id: string;
  data: WithSeedFiles<ContentInput<K>>;
}

export type SeedSet = { [K in ContentKey]?: Array<SeedDocument<K>> };

/** Declares a PDF typeset from the document that holds it (see SeedFile). */
export function pdf(name: string, options: { subtitle?: string; figure?: PdfFigure } = {}): SeedFile {
  return { seedFile: true, name, kind: 'pdf', ...options };
}

/** Declares a seed CSV file. */
export function csv(name: string, content: string): SeedFile {
  return { seedFile: true, name, kind: 'csv', text: content };
}

/** Declares a CSV file whose text is made when the seed is loaded (large generated samples). */
export function generatedCsv(name: string, content: () => string): SeedFile {
  return binary(name, 'text/csv; charset=utf-8', () => Buffer.from(content(), 'utf8'));
}

/** Declares a binary seed file made on demand. */
export function binary(name: string, contentType: string, bytes: () => Buffer): SeedFile {
  return { seedFile: true, name, kind: 'binary', contentType, bytes };
}

/** Declares an image drawn in code; `alt` is the image's alternative text on the page. */
export function image(name: string, alt: string, draw: () => Drawing): { file: SeedFile; alt: string } {
  return { file: { seedFile: true, name, kind: 'image', draw }, alt };
}
