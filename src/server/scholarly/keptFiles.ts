/**
 * The stored files of published dataset versions (datasetVersionRule.ts freezes their references),
 * so the embedded storage refuses to delete or overwrite them (storage `keep`): the set of their
 * storage paths is read from the store on first use (projections of the datasets, 500 a page) and
 * dropped when a dataset changes. Scheduled datasets (a future `publishedAt`) count too: they
 * become visible by the clock, with no write that would drop the set; so do the versions a draft
 * remembers as once published (`frozenVersions`). A deleted dataset that can still be brought back
 * (content/deletions.ts: for good, as revisions are never purged) keeps the same files from its
 * deleted revision: those of the versions live at its deletion or remembered; its deletion and
 * undelete are dataset changes too. In firebase mode Cloud Storage takes deletes itself.
 */
import { datasetVersions } from '../../shared/content/datasetVersions';
import {
  frozenLabels,
  isLive,
  withVersionDefaults,
  type DatasetVersionFields,
} from '../../shared/content/datasetVersionRule';
import { Deletions } from '../content/deletions';
import { ContentHistory } from '../content/history';
import type { ContentService } from '../content/service';

type Data = Record<string, unknown>;

/**
 * Adds to `out` the storage paths of the frozen versions (datasetVersionRule.ts `frozenLabels`) of
 * the dataset `data`: live when it was on the site at `at` (ISO), or, for `at` null (a stored
 * dataset), whenever it is published (a scheduled one goes live by the clock).
 */
function addKeptPaths(data: Data, at: string | null, out: Set<string>): void {
  const d = { slug: '', ...withVersionDefaults(data as Partial<DatasetVersionFields>) };
  const live = at === null ? d.status === 'published' : isLive(d, at);
  const frozen = new Set(frozenLabels(d, live));
  for (const v of datasetVersions(d)) if (frozen.has(v.version)) for (const f of v.files) out.add(f.path);
}

export class KeptFiles {
  private paths: Promise<Set<string>> | null = null;
  private readonly deletions: Deletions;

  constructor(private readonly content: ContentService) {
    this.deletions = new Deletions(content.store, new ContentHistory(content.store));
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
      const page = await this.content.store.list<Data>('dataRepo', {
        orderBy: { fields: ['createdAt'], direction: 'asc' },
        limit: 500,
        select: ['slug', 'status', 'datasetVersion', 'doi', 'files', 'versions', 'frozenVersions'],
        ...(cursor ? { cursor } : {}),
      });
      for (const doc of page.items) addKeptPaths(doc.data, null, out);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // Undelete runs the freeze rule as at the deletion (admin/deletion.ts): the same versions stay frozen.
    for await (const deleted of this.deletions.restorable('dataRepo')) {
      addKeptPaths(deleted.data, deleted.entry.at, out);
    }
    return out;
  }
}
