/** The «Цитувати» downloads: which types can be cited, the formats, and their addresses. */

/** Content types with a citable record, by the segment of their cite address. */
export const CITE_TYPES = { publications: 'publications', theses: 'theses', datasets: 'dataRepo' } as const;
export type CiteType = keyof typeof CITE_TYPES;

export const CITE_FORMATS = [
  { ext: 'bib', label: 'BibTeX', contentType: 'application/x-bibtex' },
  { ext: 'ris', label: 'RIS', contentType: 'application/x-research-info-systems' },
  { ext: 'json', label: 'CSL-JSON', contentType: 'application/vnd.citationstyles.csl+json' },
] as const;
export type CiteFormat = (typeof CITE_FORMATS)[number]['ext'];

/** `/api/cite/{type}/{slug}.{ext}` (slugs may hold dots: the extension is after the last one). */
export function citePath(type: CiteType, slug: string, ext: CiteFormat): string {
  return `/api/cite/${type}/${encodeURIComponent(slug)}.${ext}`;
}

/** A dataset's DataCite Metadata Schema 4.5 record: `/api/datacite/{slug}.xml`, or one version's (`?version={label}`). */
export function datacitePath(slug: string, version?: string): string {
  const query = version ? `?version=${encodeURIComponent(version)}` : '';
  return `/api/datacite/${encodeURIComponent(slug)}.xml${query}`;
}
