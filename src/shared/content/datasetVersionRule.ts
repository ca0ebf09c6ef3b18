/**
 * The write rule of dataset versions (the dataRepo type's `updateRule`, applied by every admin write
 * of a stored dataset in both stores: update, restore, undelete, bulk publish and unpublish): a
 * published version's files never change.
 *
 * While the stored dataset is published (and its publication time has come), its current version
 * and every earlier version that has files are frozen: a save that gives any of them other files
 * (compared by storage path and size, in any order) or drops one from the history is refused. When
 * the save names a new current version, the previous one (label, date, notes, DOI, files) moves
 * into `versions[]` first, so nothing is lost, and the new one gets an entry dated today. The entry
 * of the current version never keeps files or a DOI of its own (the top-level fields hold them).
 *
 * Frozen stays frozen: the rule remembers the labels of the versions it found live in
 * `frozenVersions` (a field only the rule writes; the input's value is ignored), so a dataset
 * saved as a draft, or deleted and brought back as one, still refuses other files for them. A
 * document stored before the field existed counts as having none.
 */
import type { UpdateRuleContext, UpdateRuleResult } from './define';
import { currentVersionLabel, type DatasetVersionEntry } from './datasetVersions';
import type { FileRef } from './fields';

/** The fields the rule reads and writes. */
export interface DatasetVersionFields {
  status?: string;
  publishedAt?: string | null;
  datasetVersion: string;
  doi: string;
  files: FileRef[];
  versions: DatasetVersionEntry[];
  /** Labels of the versions that were ever live (their files stay frozen); written by the rule only. */
  frozenVersions?: string[];
}

/** The message of a refused change of a published version's files. */
export const frozenFilesMessage = (label: string) =>
  `Файли опублікованої версії «${label}» змінювати не можна — створіть нову версію`;

/** The same files: the same storage paths with the same sizes, in any order. */
export function sameFiles(a: readonly FileRef[], b: readonly FileRef[]): boolean {
  const key = (files: readonly FileRef[]) =>
    files
      .map((f) => `${f.path}\n${f.size}`)
      .sort()
      .join('\n');
  return a.length === b.length && key(a) === key(b);
}

/** An entry with its DOI and files ('' and none when absent). */
const filled = (v: DatasetVersionEntry): DatasetVersionEntry => ({ ...v, doi: v.doi ?? '', files: v.files ?? [] });

/** Stored dataset data with the fields documents stored before versions had files of their own lack. */
export function withVersionDefaults<T extends Partial<DatasetVersionFields>>(d: T): T & DatasetVersionFields {
  return {
    datasetVersion: '',
    doi: '',
    ...d,
    files: d.files ?? [],
    versions: (d.versions ?? []).map(filled),
  };
}

/** Whether `d` is on the site at `at` (ISO): published, and its publication time has come. */
export function isLive(d: Pick<DatasetVersionFields, 'status' | 'publishedAt'>, at: string): boolean {
  return d.status === 'published' && (!d.publishedAt || d.publishedAt <= at);
}

/** The labels frozen while `d` is live: its current version and every earlier one with files. */
function liveLabels(d: DatasetVersionFields): string[] {
  const label = currentVersionLabel(d);
  if (!label) return [];
  return [label, ...d.versions.filter((v) => v.version !== label && v.files.length).map((v) => v.version)];
}

/**
 * The labels of `d`'s frozen versions: those it remembers (`frozenVersions`) and, when `live`, its
 * current version and every earlier one with files. The storage keeps these versions' files
 * (scholarly/keptFiles.ts).
 */
export function frozenLabels(d: DatasetVersionFields, live: boolean): string[] {
  return [...new Set([...(d.frozenVersions ?? []), ...(live ? liveLabels(d) : [])])];
}

/**
 * The versions of `labels` with their files as stored in `before`: the current one always, an
 * earlier one when it has files (as while the dataset is live) or `before` remembers it (a version
 * published without files stays without them); a label `before` lacks is skipped.
 */
function frozenFiles(
  before: DatasetVersionFields,
  labels: readonly string[],
): Array<{ label: string; files: FileRef[] }> {
  const current = currentVersionLabel(before);
  const remembered = new Set(before.frozenVersions ?? []);
  return labels.flatMap((label) => {
    if (label === current) return [{ label, files: before.files }];
    const entry = before.versions.find((v) => v.version === label);
    return entry && (entry.files.length || remembered.has(label)) ? [{ label, files: entry.files }] : [];
  });
}

/** `after` with the stored current version moved into its history (when `after` names another one). */
function withPreviousVersion<T extends DatasetVersionFields>(before: T, after: T, context: UpdateRuleContext): T {
  const previous = currentVersionLabel(before);
  const next = currentVersionLabel(after);
  if (!previous || !next || previous === next) return after;
  const stored = before.versions.find((v) => v.version === previous);
  const versions = after.versions.map((v) => ({ ...v }));
  const entry = versions.find((v) => v.version === previous);
  if (entry) {
    if (!entry.files.length) entry.files = before.files;
    if (!entry.doi) entry.doi = before.doi;
  } else {
    versions.push({
      version: previous,
      date: stored?.date ?? context.createdAt.slice(0, 10),
      notes: stored?.notes ?? '',
      doi: before.doi,
      files: before.files,
    });
  }
  if (!versions.some((v) => v.version === next))
    versions.push({ version: next, date: context.now.slice(0, 10), notes: '', doi: '', files: [] });
  return { ...after, versions };
}

/**
 * Checks and completes a save of a dataset: `before` as stored, `after` the valid new data. Returns
 * the data to store (history completed, the current entry without files of its own, `frozenVersions`
 * from `before` only) or a refusal naming the field (`files`, `versions` or `versions.{i}.files`)
 * with a Ukrainian message.
 */
export function datasetVersionRule<T extends DatasetVersionFields>(
  before: T,
  after: T,
  context: UpdateRuleContext,
): UpdateRuleResult<T> {
  before = withVersionDefaults(before);
  const seen = new Set<string>();
  for (const v of after.versions) {
    if (seen.has(v.version))
      return { refused: { field: 'versions', message: `Версію «${v.version}» вказано в історії двічі` } };
    seen.add(v.version);
  }
  // What `before` remembers, and what is live in it now (or was, until it was deleted).
  const remembered = frozenLabels(before, isLive(before, context.liveAt ?? context.now));
  const frozen = frozenFiles(before, remembered);
  // A frozen current version moves into the history with its files when the save names another one.
  const previous = currentVersionLabel(before);
  const next = frozen.some((f) => f.label === previous) ? withPreviousVersion(before, after, context) : after;
  const label = currentVersionLabel(next);
  for (const f of frozen) {
    const index = next.versions.findIndex((v) => v.version === f.label);
    const isCurrent = f.label === label;
    if (!isCurrent && index < 0)
      return {
        refused: { field: 'versions', message: `Опубліковану версію «${f.label}» вилучати з історії не можна` },
      };
    const files = isCurrent ? next.files : next.versions[index]!.files;
    if (!sameFiles(files, f.files))
      return {
        refused: { field: isCurrent ? 'files' : `versions.${index}.files`, message: frozenFilesMessage(f.label) },
      };
  }
  const versions = next.versions.map((v) => (v.version === label ? { ...v, doi: '', files: [] } : v));
  return { data: { ...next, versions, frozenVersions: remembered } };
}
