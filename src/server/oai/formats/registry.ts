/**
 * The metadata formats the repository disseminates (ListMetadataFormats): each names its prefix,
 * schema and namespace, the kinds of work it describes, and writes one record's `<metadata>`
 * content. A format is one entry here and one file beside it: `oai_dc` for every kind of work,
 * `oai_datacite` (DataCite 4.5) for datasets.
 */
import type { MetadataFormat } from './format';
import { oaiDatacite } from './oaiDatacite';
import { oaiDc } from './oaiDc';

export type { MetadataFormat };

/** Every format, oai_dc first (the protocol requires it for every item). */
export const METADATA_FORMATS: readonly MetadataFormat[] = [oaiDc, oaiDatacite];

/** The format of a prefix, or undefined. */
export function formatOf(prefix: string): MetadataFormat | undefined {
  return METADATA_FORMATS.find((f) => f.prefix === prefix);
}
