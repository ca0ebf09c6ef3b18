/**
 * The dataset page at a version (`/data_repo/{slug}/v/{label}`): the document as it was at that
 * version (label, DOI, files; a generated citation for versions other than the current one), and
 * the inputs of its queries, so the page's prefetch and its component ask for the same.
 */
import { itemInput } from '../../app/itemInput';
import type { PublicDocument } from '../../../shared/content/registry';
import {
  datasetAtVersion,
  datasetVersionPath,
  findDatasetVersion,
  versionCitation,
  type DatasetVersion,
} from '../../../shared/content/datasetVersions';
import { SITE_NAME } from '../../../shared/head/siteFacts';

type Dataset = PublicDocument<'dataRepo'>;

/** The dataset as shown at `label` (the current state without one); version null for an unknown label. */
export function versionView(
  doc: Dataset,
  label: string | undefined,
  origin: string,
): { d: Dataset; version: DatasetVersion | null } {
  if (label === undefined) return { d: doc, version: null };
  const version = findDatasetVersion(doc, label);
  if (!version) return { d: doc, version: null };
  const d = datasetAtVersion(doc, version);
  if (version.current) return { d, version };
  const url = `${origin}${datasetVersionPath(doc.slug, version.version)}`;
  return { d: { ...d, citation: versionCitation(doc, version, SITE_NAME, url), citationLanguage: 'uk' }, version };
}

/** The input of `datasetFiles.sums` for a page address (`preview` as the page's `get` asks). */
export function sumsInput(idOrSlug: string, label: string | undefined, search: URLSearchParams | string) {
  const { preview } = itemInput(idOrSlug, search);
  return { slug: idOrSlug, ...(label !== undefined ? { version: label } : {}), ...(preview ? { preview } : {}) };
}
