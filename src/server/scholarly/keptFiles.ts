/**
 * The stored files of published dataset versions (datasetVersionRule.ts freezes their references),
 * so the embedded storage refuses to delete or overwrite them (storage `keep`): the set of their
 * storage paths is read from the store on first use (projections of published datasets, 500 a page)
 * and dropped when a dataset changes. Scheduled datasets (a future `publishedAt`) count too: they
 * become visible by the clock, with no write that would drop the set. In firebase mode Cloud Storage
 * takes deletes itself.
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
        where: [{ field: 'status', op: '==', value: 'published' }],
        orderBy: { fields: ['createdAt'], direction: 'asc' },
        limit: 500,
        select: ['slug', 'datasetVersion', 'doi', 'files', 'versions'],
        ...(cursor ? { cursor } : {}),
      });
      for (const doc of page.items) {
        const d = { slug: '', doi: '', datasetVersion: '', files: [], versions: [], ...doc.data } as VersionedDataset;
        const versions = datasetVersions(d);
        for (const v of versions) if (v.current || v.files.length) for (const f of v.files) out.add(f.path);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }
}
