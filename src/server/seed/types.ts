/**
 * The shape of seed content files: documents per content type, with stable ids so relations can
 * point at each other, and seed files (PDF, CSV, text) that the loader writes into storage and
 * replaces by file references.
 */
import type { ContentInput, ContentKey } from '../../shared/content/registry';

/** A file the seed loader generates: a one-page PDF showing `text`, or a CSV / plain-text file with `text` as content. */
export interface SeedFile {
  seedFile: true;
  /** File name shown to visitors, e.g. «nakaz-15-od-2025.pdf». */
  name: string;
  kind: 'pdf' | 'csv' | 'txt';
  /** PDF: lines of Latin text for the page (PDF base fonts have no Cyrillic); CSV/TXT: the content. */
  text: string;
}

/** Replaces file-reference fields (objects with `path`/`url`) by SeedFile in a type's input. */
type WithSeedFiles<T> = T extends { path: string; url: string }
  ? SeedFile | (Omit<T, 'path' | 'url' | 'size' | 'contentType' | 'name'> & { file: SeedFile })
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

/** Declares a seed file for a PDF attachment. */
export function pdf(name: string, ...lines: string[]): SeedFile {
  return { seedFile: true, name, kind: 'pdf', text: lines.join('\n') };
}

/** Declares a seed CSV file. */
export function csv(name: string, content: string): SeedFile {
  return { seedFile: true, name, kind: 'csv', text: content };
}
