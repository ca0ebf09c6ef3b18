/**
 * The files of one version of a dataset (shared/content/datasetVersions.ts says which versions a
 * dataset has): the current version's without a label. Previews and the ZIP take whatever list this
 * gives, so they serve any version alike.
 */
import type { FileRef } from '../../shared/content/fields';
import { currentVersionLabel, findDatasetVersion, type VersionedDataset } from '../../shared/content/datasetVersions';

/** The version's label and files; null when the dataset has no version of that label. */
export function versionFiles(d: VersionedDataset, version?: string): { version: string; files: FileRef[] } | null {
  if (!version) return { version: currentVersionLabel(d), files: d.files };
  const found = findDatasetVersion(d, version);
  return found && { version: found.version, files: found.files };
}
