/** The dataset version helpers and the write rule that freezes a published version's files. */
import { describe, expect, it } from 'vitest';
import { datasetVersionRule, frozenFilesMessage } from '../../src/shared/content/datasetVersionRule';
import {
  datasetVersionPath,
  datasetVersions,
  findDatasetVersion,
  type DatasetVersionEntry,
} from '../../src/shared/content/datasetVersions';
import type { UpdateRuleContext } from '../../src/shared/content/define';
import type { FileRef } from '../../src/shared/content/fields';

const file = (name: string, size = 10): FileRef => ({
  path: `public/data/${name}`,
  name,
  contentType: 'text/csv',
  size,
  url: `/v0/b/b/o/public%2Fdata%2F${name}?alt=media&token=t`,
});

const entry = (version: string, date: string, extra: Partial<DatasetVersionEntry> = {}): DatasetVersionEntry => ({
  version,
  date,
  notes: '',
  doi: '',
  files: [],
  ...extra,
});

const published = () => ({
  slug: 'stn',
  status: 'published',
  publishedAt: null as string | null,
  datasetVersion: '2.0',
  doi: '10.1234/v2',
  files: [file('a.csv'), file('b.csv')],
  versions: [entry('1.0', '2023-06-15', { files: [file('old.csv')], doi: '10.1234/v1' }), entry('2.0', '2026-02-10')],
});

const context = { now: '2026-11-28T00:00:00.000Z', createdAt: '2023-01-01T00:00:00.000Z' };

describe('datasetVersions', () => {
  it('lists the current version first with the top-level DOI and files, then the others newest first', () => {
    const d = { ...published(), versions: [...published().versions, entry('0.9', '2020-01-01')] };
    const list = datasetVersions(d);
    expect(list.map((v) => [v.version, v.current, v.date])).toEqual([
      ['2.0', true, '2026-02-10'],
      ['1.0', false, '2023-06-15'],
      ['0.9', false, '2020-01-01'],
    ]);
    expect(list[0]!.files.map((f) => f.name)).toEqual(['a.csv', 'b.csv']);
    expect(list[0]!.doi).toBe('10.1234/v2');
    expect(findDatasetVersion(d, '1.0')?.doi).toBe('10.1234/v1');
    expect(findDatasetVersion(d, '3.0')).toBeNull();
  });

  it('takes the newest entry as current when datasetVersion is empty, and has none without labels', () => {
    expect(datasetVersions({ ...published(), datasetVersion: '' })[0]!.version).toBe('2.0');
    expect(datasetVersions({ ...published(), datasetVersion: '', versions: [] })).toEqual([]);
  });

  it('encodes the version page address', () => {
    expect(datasetVersionPath('ClimUAsd-stn.v2', '1.0')).toBe('/data_repo/ClimUAsd-stn.v2/v/1.0');
    expect(datasetVersionPath('x', 'v 1/2?')).toBe('/data_repo/x/v/v%201%2F2%3F');
  });
});

describe('datasetVersionRule', () => {
  it('refuses other files for the published current version', () => {
    const before = published();
    const after = { ...before, files: [file('a.csv'), file('c.csv')] };
    expect(datasetVersionRule(before, after, context)).toEqual({
      refused: { field: 'files', message: frozenFilesMessage('2.0') },
    });
    expect(frozenFilesMessage('2.0')).toBe(
      'Файли опублікованої версії «2.0» змінювати не можна — створіть нову версію',
    );
    // A rewritten file (same path, other size) is another file too.
    const resized = { ...before, files: [file('a.csv', 11), file('b.csv')] };
    expect('refused' in datasetVersionRule(before, resized, context)).toBe(true);
  });

  it('accepts the same files in another order, renamed for display, and changes of other fields', () => {
    const before = published();
    const after = { ...before, files: [{ ...file('b.csv'), name: 'Друга таблиця' }, file('a.csv')], doi: '' };
    const result = datasetVersionRule(before, after, context);
    expect('data' in result && result.data.files.map((f) => f.name)).toEqual(['Друга таблиця', 'a.csv']);
  });

  it('refuses other files for, or the removal of, an earlier published version', () => {
    const before = published();
    const changed = {
      ...before,
      versions: [entry('1.0', '2023-06-15', { files: [file('new.csv')] }), entry('2.0', '2026-02-10')],
    };
    expect(datasetVersionRule(before, changed, context)).toEqual({
      refused: { field: 'versions.0.files', message: frozenFilesMessage('1.0') },
    });
    const dropped = { ...before, versions: [entry('2.0', '2026-02-10')] };
    expect(datasetVersionRule(before, dropped, context)).toEqual({
      refused: { field: 'versions', message: 'Опубліковану версію «1.0» вилучати з історії не можна' },
    });
  });

  it('moves the previous current version, with its DOI and files, into the history when a new one is named', () => {
    const before = published();
    const after = { ...before, datasetVersion: '3.0', doi: '', files: [file('v3.csv')] };
    const result = datasetVersionRule(before, after, context);
    if (!('data' in result)) throw new Error(JSON.stringify(result));
    const byLabel = new Map(result.data.versions.map((v) => [v.version, v]));
    expect(byLabel.get('2.0')).toEqual({
      version: '2.0',
      date: '2026-02-10',
      notes: '',
      doi: '10.1234/v2',
      files: before.files,
    });
    expect(byLabel.get('3.0')).toEqual(entry('3.0', '2026-11-28'));
    expect(byLabel.get('1.0')!.files).toEqual(before.versions[0]!.files);
    expect(result.data.files.map((f) => f.name)).toEqual(['v3.csv']);
  });

  it('adds an entry for the previous version when the history had none, dated from the dataset', () => {
    const before = { ...published(), versions: [] as DatasetVersionEntry[] };
    const result = datasetVersionRule(before, { ...before, datasetVersion: '2.1' }, context);
    expect('data' in result && result.data.versions.map((v) => [v.version, v.date, v.files.length])).toEqual([
      ['2.0', '2023-01-01', 2],
      ['2.1', '2026-11-28', 0],
    ]);
  });

  it('lets a draft, or a dataset scheduled for later, change its files freely', () => {
    const draft = { ...published(), status: 'draft' };
    expect('data' in datasetVersionRule(draft, { ...draft, files: [] }, context)).toBe(true);
    const scheduled = { ...published(), publishedAt: '2027-01-01T00:00:00.000Z' };
    expect('data' in datasetVersionRule(scheduled, { ...scheduled, files: [] }, context)).toBe(true);
  });

  it('refuses a version named twice, and keeps no files on the current entry', () => {
    const before = { ...published(), status: 'draft' };
    const twice = { ...before, versions: [entry('1.0', '2023-06-15'), entry('1.0', '2024-01-01')] };
    expect(datasetVersionRule(before, twice, context)).toEqual({
      refused: { field: 'versions', message: 'Версію «1.0» вказано в історії двічі' },
    });
    const stray = { ...before, versions: [entry('2.0', '2026-02-10', { files: [file('x.csv')], doi: '10.1/x' })] };
    const result = datasetVersionRule(before, stray, context);
    expect('data' in result && result.data.versions).toEqual([entry('2.0', '2026-02-10')]);
  });
});

describe('datasetVersionRule: a published version stays frozen', () => {
  type Stored = ReturnType<typeof published> & { frozenVersions?: string[] };
  const later: UpdateRuleContext = { ...context, now: '2026-12-01T00:00:00.000Z' };
  /** `before` saved with `changes` (the rule's data); throws naming the refusal. */
  const saved = (before: Stored, changes: Partial<Stored>, ctx: UpdateRuleContext = context): Stored => {
    const result = datasetVersionRule(before, { ...before, ...changes }, ctx);
    if (!('data' in result)) throw new Error(`refused: ${result.refused.message}`);
    return result.data;
  };

  it('remembers the live versions when the dataset is saved as a draft, and refuses other files then', () => {
    const draft = saved(published(), { status: 'draft' });
    expect(draft.frozenVersions).toEqual(['2.0', '1.0']);
    expect(datasetVersionRule(draft, { ...draft, files: [file('new.csv')] }, later)).toEqual({
      refused: { field: 'files', message: frozenFilesMessage('2.0') },
    });
    const versions = draft.versions.map((v) => (v.version === '1.0' ? { ...v, files: [] } : v));
    expect(datasetVersionRule(draft, { ...draft, versions }, later)).toEqual({
      refused: { field: 'versions.0.files', message: frozenFilesMessage('1.0') },
    });
    // Published again, the files are still the ones visitors saw.
    expect('refused' in datasetVersionRule(draft, { ...draft, status: 'published', files: [] }, later)).toBe(true);
  });

  it('keeps a version published without files without them once a newer version is current', () => {
    const bare = { ...published(), datasetVersion: '1.0', doi: '', files: [], versions: [] };
    const next = saved(bare, { datasetVersion: '2.0', files: [file('a.csv')] });
    expect(next.frozenVersions).toEqual(['1.0']);
    expect(next.versions.find((v) => v.version === '1.0')?.files).toEqual([]);
    const versions = next.versions.map((v) => (v.version === '1.0' ? { ...v, files: [file('late.csv')] } : v));
    const index = versions.findIndex((v) => v.version === '1.0');
    expect(datasetVersionRule(next, { ...next, versions }, later)).toEqual({
      refused: { field: `versions.${index}.files`, message: frozenFilesMessage('1.0') },
    });
  });

  it('remembers a dataset that went live by the clock, with no write at its publication time', () => {
    const scheduled = { ...published(), publishedAt: '2026-11-01T00:00:00.000Z' };
    const draft = saved(scheduled, { status: 'draft' });
    expect(draft.frozenVersions).toEqual(['2.0', '1.0']);
    expect('refused' in datasetVersionRule(draft, { ...draft, files: [] }, later)).toBe(true);
  });

  it('keeps the versions frozen through a delete and undelete (judged at the deletion time)', () => {
    const deletedAt = '2026-11-20T00:00:00.000Z';
    const undeleted = saved(published(), { status: 'draft' }, { ...later, liveAt: deletedAt });
    expect(undeleted.frozenVersions).toEqual(['2.0', '1.0']);
    expect(datasetVersionRule(undeleted, { ...undeleted, files: [] }, later)).toEqual({
      refused: { field: 'files', message: frozenFilesMessage('2.0') },
    });
    // Deleted before its scheduled publication: it was never seen, so nothing is frozen.
    const scheduled = { ...published(), publishedAt: '2026-11-25T00:00:00.000Z' };
    const unseen = saved(scheduled, { status: 'draft' }, { ...later, liveAt: deletedAt });
    expect(unseen.frozenVersions).toEqual([]);
    expect('data' in datasetVersionRule(unseen, { ...unseen, files: [] }, later)).toBe(true);
  });

  it('lets a never-published draft change its files, and remembers nothing for it', () => {
    const draft = { ...published(), status: 'draft' };
    const changed = saved(draft, { files: [file('c.csv')] });
    expect(changed.files).toEqual([file('c.csv')]);
    expect(changed.frozenVersions).toEqual([]);
    // Its first publication is free too: only the next write finds it live.
    const first = saved(changed, { status: 'published', files: [file('d.csv')] });
    expect(first.frozenVersions).toEqual([]);
    expect('refused' in datasetVersionRule(first, { ...first, files: [] }, later)).toBe(true);
  });

  it('lets an unpublished dataset name a new version with new files, keeping the frozen one in the history', () => {
    const draft = saved(published(), { status: 'draft' });
    const next = saved(draft, { datasetVersion: '2.1', files: [file('new.csv')] }, later);
    expect(next.files).toEqual([file('new.csv')]);
    expect(next.versions.find((v) => v.version === '2.0')?.files).toEqual(published().files);
    expect(next.frozenVersions).toEqual(['2.0', '1.0']);
    // The frozen version cannot be dropped from the history either.
    expect(
      datasetVersionRule(next, { ...next, versions: next.versions.filter((v) => v.version !== '2.0') }, later),
    ).toEqual({ refused: { field: 'versions', message: 'Опубліковану версію «2.0» вилучати з історії не можна' } });
  });

  it('lets a draft rename its never-published current version without keeping it in the history', () => {
    const next = saved(saved(published(), { status: 'draft' }), { datasetVersion: '2.1', files: [] }, later);
    // «2.1» was never live: renamed as a draft, it leaves no «2.1» entry behind.
    const renamed = saved(next, { datasetVersion: '2.2', versions: next.versions.filter((v) => v.version !== '2.1') });
    expect(renamed.versions.map((v) => v.version)).toEqual(['1.0', '2.0']);
    expect(renamed.frozenVersions).toEqual(['2.0', '1.0']);
  });

  it('ignores the frozenVersions an admin input sends: an empty list does not unfreeze', () => {
    const draft = saved(published(), { status: 'draft' });
    expect(datasetVersionRule(draft, { ...draft, frozenVersions: [], files: [] }, later)).toEqual({
      refused: { field: 'files', message: frozenFilesMessage('2.0') },
    });
    expect(saved(draft, { frozenVersions: [] }, later).frozenVersions).toEqual(['2.0', '1.0']);
    const fresh = { ...published(), status: 'draft' };
    expect(saved(fresh, { frozenVersions: ['2.0'] }).frozenVersions).toEqual([]);
  });

  it('refuses the restore of an older revision that had other files for a remembered version', () => {
    const older = { ...published(), status: 'draft', files: [file('draft-era.csv')] };
    const draft = saved(published(), { status: 'draft' });
    expect(datasetVersionRule(draft, { ...older, frozenVersions: [] }, later)).toEqual({
      refused: { field: 'files', message: frozenFilesMessage('2.0') },
    });
  });
});
