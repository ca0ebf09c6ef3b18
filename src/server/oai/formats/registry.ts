/**
 * The metadata formats the repository disseminates (ListMetadataFormats): each names its prefix,
 * schema and namespace, the kinds of work it describes, and writes one record's `<metadata>`
 * content. A format is one entry here and one file beside it (a DataCite serializer becomes
 * `oai_datacite` by adding its entry).
 */
import type { MetadataFormat } from './format';
import { oaiDc } from './oaiDc';

export type { MetadataFormat };

/** Every format, oai_dc first (the protocol requires it for every item). */
export const METADATA_FORMATS: readonly MetadataFormat[] = [oaiDc];

/** The format of a prefix, or undefined. */
export function formatOf(prefix: string): MetadataFormat | undefined {
  return METADATA_FORMATS.find((f) => f.prefix === prefix);
}
