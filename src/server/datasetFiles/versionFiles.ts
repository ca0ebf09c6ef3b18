/**
 * The files of one version of a dataset: the current version's are the entry's `files`; an earlier
 * version's are its entry in `versions` (`versions[].files`, when the version history keeps them).
 * Previews and the ZIP take whatever list this gives, so they serve any version alike.
 */
import type { FileRef } from '../../shared/content/fields';
import type { ContentData } from '../../shared/content/registry';

type Dataset = Pick<ContentData<'dataRepo'>, 'files' | 'datasetVersion' | 'versions'>;

/** The version's files; null when the dataset has no such version (or keeps no files for it). */
export function versionFiles(d: Dataset, version?: string): { version: string; files: FileRef[] } | null {
  if (!version || version === d.datasetVersion) return { version: d.datasetVersion, files: d.files };
  const entry = d.versions.find((v) => v.version === version) as { files?: unknown } | undefined;
  return entry && Array.isArray(entry.files) ? { version, files: entry.files as FileRef[] } : null;
}
