/**
 * `oai_datacite`: the DataCite Metadata Schema 4.5 `<resource>` of a dataset, as the OpenAIRE
 * Guidelines for Data Archives harvest it (prefix `oai_datacite`, namespace kernel-4, the resource
 * directly in `<metadata>`). The record is the one the dataset page offers as «DataCite XML».
 */
import type { ContentDocument } from '../../../shared/content/registry';
import { contentTypes } from '../../../shared/content/registry';
import { DATACITE_NAMESPACE, DATACITE_SCHEMA_LOCATION, dataciteResource } from '../../scholarly/datacite';
import { datasetDatacite } from '../../scholarly/datasetRecord';
import type { ScholarlyMetadata } from '../model';
import type { MetadataFormat } from './format';

/** The stored dataset with the schema's defaults (a document older than a field still describes itself). */
function datasetOf(m: ScholarlyMetadata): ContentDocument<'dataRepo'> {
  const parsed = contentTypes.dataRepo.schema.safeParse(m.document.data);
  const data = parsed.success ? parsed.data : m.document.data;
  return { ...data, id: m.document.id } as ContentDocument<'dataRepo'>;
}

/** The DataCite record of one dataset (its `url` is the dataset's page). */
export function writeOaiDatacite(m: ScholarlyMetadata): string {
  return dataciteResource(datasetDatacite(datasetOf(m), new URL(m.url).origin, m.url));
}

export const oaiDatacite: MetadataFormat = {
  prefix: 'oai_datacite',
  schema: DATACITE_SCHEMA_LOCATION,
  namespace: DATACITE_NAMESPACE,
  kinds: ['dataset'],
  write: writeOaiDatacite,
};
