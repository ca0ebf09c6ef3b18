/**
 * What an OAI-PMH record is made of, independent of any metadata format: the item's header
 * (identifier, datestamp, sets) and, unless the record is deleted, its scholarly description.
 * Formats (formats/) turn a `ScholarlyMetadata` into their XML.
 */

/** The kinds of scholarly output the repository disseminates. */
export type ScholarlyKind = 'article' | 'thesis' | 'publication' | 'dataset';

export interface Creator {
  name: string;
  affiliation: string;
}

/** A neutral description of one work, from which each metadata format writes its record. */
export interface ScholarlyMetadata {
  kind: ScholarlyKind;
  title: string;
  creators: Creator[];
  subjects: string[];
  /** Plain text (the summary, or the dataset's description). */
  description: string;
  publisher: string;
  /** `YYYY`, or `YYYY-MM-DD`. */
  date: string;
  /** The work's page on the site (absolute). */
  url: string;
  /** A bare DOI (`10.…`), or ''. */
  doi: string;
  /** ISO 639-1 (`uk`, `en`). */
  language: string;
  /** Where the work appeared, as a citation (journal issue, conference, series), or ''. */
  source: string;
  /** Related resources (absolute URLs or DOIs as URLs). */
  relations: string[];
  rights: string;
  /** Media types of its files. */
  formats: string[];
  /** Temporal or spatial coverage, or ''. */
  coverage: string;
  /** The stored document it comes from, for formats richer than Dublin Core (DataCite). */
  document: { collection: string; id: string; data: Record<string, unknown> };
}

/** One record of the repository: a header, and its description unless it is deleted. */
export interface OaiItem {
  /** `oai:{repository}:{collection}/{id}` (articles: `…:journal/{issue id}/{n}`). */
  identifier: string;
  /** ISO instant of its last change (the document's `updatedAt`, or its deletion). */
  datestamp: string;
  /** setSpecs it belongs to. */
  sets: string[];
  kind: ScholarlyKind;
  /** Null: the record is deleted (or not public any more). */
  metadata: ScholarlyMetadata | null;
}
