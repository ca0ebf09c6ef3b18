/**
 * Reads what the catalogue is made of: every visible dataset in full, and the size and SHA-256 of
 * each of its stored files and of its ZIP archive (public/data_repo/{slug}.zip), where they exist.
 */
import type { ContentDocument } from '../../../shared/content/registry';
import type { ContentService } from '../../content/service';
import { ARCHIVE_PREFIX } from '../../storage/rules';
import type { FileChecksums, FileFacts } from '../checksums';
import type { CatalogInput } from './catalog';

/** Every visible dataset, whole, in the repository's order. */
export async function visibleDatasets(content: ContentService): Promise<Array<ContentDocument<'dataRepo'>>> {
  const out: Array<ContentDocument<'dataRepo'>> = [];
  let cursor: string | undefined;
  do {
    const page = await content.publicList('dataRepo', { limit: 100, fields: ['slug'], ...(cursor ? { cursor } : {}) });
    for (const item of page.items) {
      const doc = await content.publicGet('dataRepo', item.id);
      if (doc) out.push(doc as ContentDocument<'dataRepo'>);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** The catalogue's input: datasets and the facts of their files. */
export async function loadCatalog(
  content: ContentService,
  checksums: FileChecksums,
  origin: string,
  contactEmail: string,
): Promise<CatalogInput> {
  const datasets = await visibleDatasets(content);
  const files = new Map<string, FileFacts>();
  const archives = new Map<string, FileFacts>();
  for (const d of datasets) {
    for (const f of d.files) {
      const facts = await checksums.facts(f.path);
      if (facts) files.set(f.path, facts);
    }
    const archive = await checksums.facts(`${ARCHIVE_PREFIX}${d.slug}.zip`);
    if (archive) archives.set(d.slug, archive);
  }
  return { origin, contactEmail, datasets, files, archives };
}
