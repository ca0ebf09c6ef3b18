/**
 * The dataset archives of a fresh install: for every seeded data repository entry, `{slug}.zip`
 * under the storage folder `/data_repo/{name}.zip` redirects to (ARCHIVE_PREFIX), holding a
 * README.txt written from the entry's own fields and the entry's data files: the samples shown on
 * its page and the archive-only files its seed declares (CSV series, NetCDF grids; datasetSamples.ts).
 */
import { strToU8, zipSync } from 'fflate';
import type { ContentData } from '../../shared/content/registry';

type Dataset = Pick<
  ContentData<'dataRepo'>,
  | 'title'
  | 'slug'
  | 'summary'
  | 'periodStart'
  | 'periodEnd'
  | 'spatialResolution'
  | 'temporalResolution'
  | 'variables'
  | 'licence'
  | 'citation'
  | 'datasetVersion'
  | 'format'
>;

/** A file of an archive. */
export interface ArchiveEntry {
  name: string;
  bytes: Buffer;
}

/** What each kind of file holds, for the README. */
function describe(name: string): string {
  if (name.endsWith('.nc')) return 'NetCDF (класичний формат), сітка 0,1°, змінні з атрибутами units і long_name';
  if (/station/i.test(name)) return 'CSV (UTF-8, роздільник — кома): перелік станцій';
  return 'CSV (UTF-8, роздільник — кома), перший рядок — назви стовпців';
}

/** README.txt of a dataset archive (UTF-8, CRLF so every Windows editor shows the lines). */
export function archiveReadme(dataset: Dataset, files: ArchiveEntry[]): string {
  const lines = [
    dataset.title,
    dataset.datasetVersion ? `Версія ${dataset.datasetVersion}` : '',
    '',
    dataset.summary,
    '',
    `Період: ${dataset.periodStart}–${dataset.periodEnd}`,
    `Просторова роздільність: ${dataset.spatialResolution}`,
    `Часова роздільність: ${dataset.temporalResolution}`,
    `Формат: ${dataset.format}`,
    'Змінні:',
    ...dataset.variables.map((v) => `  ${v.name}${v.unit ? ` (${v.unit})` : ''} — ${v.description}`),
    `Ліцензія: ${dataset.licence}`,
    ...(dataset.citation ? ['', 'Як цитувати:', dataset.citation] : []),
    '',
    'Файли:',
    ...files.map((f) => `  ${f.name} — ${describe(f.name)}`),
    '',
    'Пропущені значення в CSV-файлах залишено порожніми, у файлах NetCDF позначено атрибутом _FillValue.',
    'Вибірка в цьому архіві ілюструє структуру файлів набору; повні ряди надає відділ кліматичних досліджень на запит.',
    '',
  ];
  return lines.join('\r\n');
}

/** The bytes of `{slug}.zip`: README.txt and the data files, deflated. */
export function datasetArchive(dataset: Dataset, files: ArchiveEntry[]): Buffer {
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8(archiveReadme(dataset, files)) };
  for (const file of files) entries[file.name] = file.bytes;
  return Buffer.from(zipSync(entries, { level: 6 }));
}
