/**
 * The stored files of published dataset versions (datasetVersionRule.ts freezes their references),
 * so the embedded storage refuses to delete or overwrite them (storage `keep`): the set of their
 * storage paths is read from the store on first use (projections of the datasets, 500 a page) and
 * dropped when a dataset changes. Scheduled datasets (a future `publishedAt`) count too: they
 * become visible by the clock, with no write that would drop the set; so do the versions a draft
 * remembers as once published (`frozenVersions`). In firebase mode Cloud Storage takes deletes itself.
 */
import { datasetVersions, type VersionedDataset } from '../../shared/content/datasetVersions';
import type { ContentService } from '../content/service';

export class KeptFiles {
  private paths: Promise<Set<string>> | null = null;

  constructor(private readonly content: ContentService) {
    content.store.onChange((event) => {
      if (event.collection === 'dataRepo') this.paths = null;
    });
  }

  /** Whether the object `name` is a file of a published dataset version. */
  async has(name: string): Promise<boolean> {
    this.paths ??= this.read().catch((err: unknown) => {
      this.paths = null;
      throw err;
    });
    return (await this.paths).has(name);
  }

  private async read(): Promise<Set<string>> {
    const out = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.content.store.list<Record<string, unknown>>('dataRepo', {
        orderBy: { fields: ['createdAt'], direction: 'asc' },
        limit: 500,
        select: ['slug', 'status', 'datasetVersion', 'doi', 'files', 'versions', 'frozenVersions'],
        ...(cursor ? { cursor } : {}),
      });
      for (const doc of page.items) {
        const d = { slug: '', doi: '', datasetVersion: '', files: [], versions: [], ...doc.data } as VersionedDataset;
        const published = doc.data.status === 'published';
        const remembered = new Set(Array.isArray(doc.data.frozenVersions) ? (doc.data.frozenVersions as string[]) : []);
        for (const v of datasetVersions(d)) {
          const kept = published ? v.current || v.files.length > 0 : remembered.has(v.version);
          if (kept) for (const f of v.files) out.add(f.path);
        }
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }
}
