/**
 * The dataset archives of a fresh install: for every seeded data repository entry, `{slug}.zip`
 * under the storage folder `/data_repo/{name}.zip` redirects to (ARCHIVE_PREFIX), holding a
 * README.txt written from the entry's own fields and the entry's sample files. The README says
 * what the archive is: a description and a sample, until the full archive replaces it.
 */
import { strToU8, zipSync } from 'fflate';
import type { ContentData } from '../../shared/content/registry';
import { seedFileBytes } from './files';
import type { SeedFile } from './types';

type Dataset = Pick<
  ContentData<'dataRepo'>,
  'title' | 'slug' | 'summary' | 'periodStart' | 'periodEnd' | 'spatialResolution' | 'temporalResolution' | 'variables' | 'licence' | 'citation'
>;

/** README.txt of a dataset archive (UTF-8, CRLF so every Windows editor shows the lines). */
export function archiveReadme(dataset: Dataset, samples: SeedFile[]): string {
  const lines = [
    dataset.title,
    '',
    dataset.summary,
    '',
    `Період: ${dataset.periodStart}–${dataset.periodEnd}`,
    `Просторова роздільність: ${dataset.spatialResolution}`,
    `Часова роздільність: ${dataset.temporalResolution}`,
    'Змінні:',
    ...dataset.variables.map((v) => `  ${v.name}${v.unit ? ` (${v.unit})` : ''} — ${v.description}`),
    `Ліцензія: ${dataset.licence}`,
    ...(dataset.citation ? ['', 'Як цитувати:', dataset.citation] : []),
    '',
    'Про цей архів',
    `Архів створено під час першого запуску сайту. Він містить цей опис і ${samples.length === 1 ? 'файл-приклад' : 'файли-приклади'} ` +
      `${samples.map((s) => s.name).join(', ')}, що показують структуру даних; значення в прикладах умовні.`,
    `Повний архів набору адміністратор сайту розміщує в Медіатеці, у теці public/data_repo/, під іменем ${dataset.slug}.zip ` +
      '(або задає зовнішню теку архівів у налаштуванні ARCHIVE_BASE_URL).',
    '',
  ];
  return lines.join('\r\n');
}

/** The bytes of `{slug}.zip`: README.txt and the sample files, deflated. */
export function datasetArchive(dataset: Dataset, samples: SeedFile[]): Buffer {
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8(archiveReadme(dataset, samples)) };
  for (const sample of samples) entries[sample.name] = seedFileBytes(sample).bytes;
  return Buffer.from(zipSync(entries, { level: 6 }));
}
