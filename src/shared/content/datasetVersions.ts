/**
 * A dataset's versions as pages and records see them. The dataRepo document's top-level
 * `datasetVersion`, `doi` and `files` are the current version; `versions[]` is the history, where
 * the entry named like the current version gives its date and notes and every other entry is an
 * earlier (or, by date, later draft) version with its own DOI and files. Pure, shared by the pages,
 * the DataCite records and the write rule (datasetVersionRule.ts).
 */
import type { FileRef } from './fields';

/** One entry of `versions[]`. */
export interface DatasetVersionEntry {
  version: string;
  /** YYYY-MM-DD. */
  date: string;
  notes: string;
  doi: string;
  files: FileRef[];
}

/** The fields of a dataset that say which versions it has. */
export interface VersionedDataset {
  slug: string;
  datasetVersion: string;
  doi: string;
  files: FileRef[];
  versions: DatasetVersionEntry[];
}

/** A version as shown: its label, date ('' when unknown), notes, DOI, files, and whether it is the current one. */
export interface DatasetVersion extends DatasetVersionEntry {
  current: boolean;
}

/** The current version's label: `datasetVersion`, else the newest entry of `versions[]`, else ''. */
export function currentVersionLabel(d: Pick<VersionedDataset, 'datasetVersion' | 'versions'>): string {
  if (d.datasetVersion) return d.datasetVersion;
  return [...d.versions].sort((a, b) => a.date.localeCompare(b.date)).at(-1)?.version ?? '';
}

/**
 * Every version, the current one first, then the others newest first (by date). A dataset without
 * any version label has none.
 */
export function datasetVersions(d: VersionedDataset): DatasetVersion[] {
  const label = currentVersionLabel(d);
  if (!label) return [];
  const own = d.versions.find((v) => v.version === label);
  const current: DatasetVersion = {
    version: label,
    date: own?.date ?? '',
    notes: own?.notes ?? '',
    doi: d.doi,
    files: d.files,
    current: true,
  };
  const others = d.versions
    .filter((v) => v.version !== label)
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((v): DatasetVersion => ({ ...v, doi: v.doi ?? '', files: v.files ?? [], current: false }));
  return [current, ...others];
}

/** The version labelled `label`, or null. */
export function findDatasetVersion(d: VersionedDataset, label: string): DatasetVersion | null {
  return datasetVersions(d).find((v) => v.version === label) ?? null;
}

/** The page of one version: `/data_repo/{slug}/v/{label}` (both parts percent-encoded). */
export function datasetVersionPath(slug: string, label: string): string {
  return `/data_repo/${encodeURIComponent(slug)}/v/${encodeURIComponent(label)}`;
}

/** The dataset as it was at `version`: its label, DOI and files in place of the current ones. */
export function datasetAtVersion<T extends VersionedDataset>(d: T, version: DatasetVersion): T {
  return { ...d, datasetVersion: version.version, doi: version.doi, files: version.files };
}

/**
 * A citation of one version (its authors, or the institute `publisher` when none are named; title,
 * label, year, and its DOI or the absolute address of its page `url`), for versions other than the
 * current one, whose citation the editors write.
 */
export function versionCitation(
  d: { title: string; creators?: Array<{ name: string }> },
  version: DatasetVersion,
  publisher: string,
  url: string,
): string {
  const authors = d.creators?.length ? d.creators.map((c) => c.name).join(', ') : publisher;
  const year = version.date.slice(0, 4);
  const link = version.doi ? `https://doi.org/${version.doi}` : url;
  return `${authors}. ${d.title}, версія ${version.version}${year ? ` (${year})` : ''}. ${publisher}. ${link}`;
}
