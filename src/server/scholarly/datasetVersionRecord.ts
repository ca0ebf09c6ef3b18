/**
 * DataCite records of a dataset's versions (shared/content/datasetVersions.ts). A version's record is
 * the dataset's record (datasetRecord.ts) at that version: its label, DOI (or its page
 * `/data_repo/{slug}/v/{label}`), date and files, related to the dataset's page (IsVersionOf) and to
 * the versions before and after it (IsNewVersionOf, IsPreviousVersionOf). The dataset's own record
 * (its current state) names every version (HasVersion).
 */
import type { ContentDocument } from '../../shared/content/registry';
import {
  datasetAtVersion,
  datasetVersionPath,
  datasetVersions,
  findDatasetVersion,
  type DatasetVersion,
} from '../../shared/content/datasetVersions';
import type { DataciteRecord } from './datacite';
import { datasetDatacite } from './datasetRecord';

type Related = DataciteRecord['relatedIdentifiers'][number];

/** A version's identifier: its DOI, else the absolute address of its page. */
export function versionIdentifier(slug: string, v: DatasetVersion, origin: string): DataciteRecord['identifier'] {
  return v.doi
    ? { type: 'DOI', value: v.doi }
    : { type: 'URL', value: `${origin}${datasetVersionPath(slug, v.version)}` };
}

/** The versions oldest first (by date; the current one last). */
function chronological(versions: DatasetVersion[]): DatasetVersion[] {
  const [current, ...others] = versions;
  return current ? [...others.reverse(), current] : [];
}

const related = (id: DataciteRecord['identifier'], relation: Related['relation']): Related => ({
  value: id.value,
  type: id.type,
  relation,
  resourceTypeGeneral: 'Dataset',
});

/** The dataset's record (its current state, at its page `pageUrl`) naming every other identifier of its versions (HasVersion). */
export function datasetConceptDatacite(
  d: ContentDocument<'dataRepo'>,
  origin: string,
  pageUrl: string,
): DataciteRecord {
  const record = datasetDatacite(d, origin, pageUrl);
  const versions = datasetVersions(d)
    .map((v) => versionIdentifier(d.slug, v, origin))
    .filter((id) => id.value !== record.identifier.value)
    .map((id) => related(id, 'HasVersion'));
  return { ...record, relatedIdentifiers: [...record.relatedIdentifiers, ...versions] };
}

/** The record of the version `label` of a dataset whose page is `pageUrl`, or null when it has no such version. */
export function datasetVersionDatacite(
  d: ContentDocument<'dataRepo'>,
  origin: string,
  pageUrl: string,
  label: string,
): DataciteRecord | null {
  const version = findDatasetVersion(d, label);
  if (!version) return null;
  const order = chronological(datasetVersions(d));
  const at = order.findIndex((v) => v.version === label);
  const own = versionIdentifier(d.slug, version, origin);
  const versionUrl = `${origin}${datasetVersionPath(d.slug, label)}`;
  const record = datasetDatacite(datasetAtVersion(d, version), origin, versionUrl);
  const previous = order[at - 1];
  const next = order[at + 1];
  const dates = version.date
    ? [
        { date: version.date, type: 'Issued' as const, information: `версія ${label}` },
        ...record.dates.filter((x) => x.type === 'Collected'),
      ]
    : record.dates;
  return {
    ...record,
    identifier: own,
    publicationYear: Number(dates[0]!.date.slice(0, 4)),
    dates,
    alternateIdentifiers: own.type === 'DOI' ? [{ value: versionUrl, type: 'URL' }] : [],
    relatedIdentifiers: [
      ...record.relatedIdentifiers,
      related({ type: 'URL', value: pageUrl }, 'IsVersionOf'),
      ...(previous ? [related(versionIdentifier(d.slug, previous, origin), 'IsNewVersionOf')] : []),
      ...(next ? [related(versionIdentifier(d.slug, next, origin), 'IsPreviousVersionOf')] : []),
    ],
  };
}
