/**
 * A document's position in a public list (content/listPosition.ts, behind the training permalinks)
 * is its index in the list the store serves, on both backends: trainings with shared start dates
 * and shared end dates too, in the upcoming (ascending) and past (descending) lists, drafts left out;
 * contacts by their numeric order (behind a contact's link to its /Contacts page), ties included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicListPosition } from '../../src/server/content/listPosition';
import { ContentService } from '../../src/server/content/service';
import type { DocumentStore } from '../../src/server/store/port';
import { trainingListOf, trainingListQuery } from '../../src/shared/content/trainingLists';
import { contentTypes } from '../../src/shared/content/registry';
import { backends } from './stores';

const TODAY = '2026-06-15';
const NOW = new Date('2026-06-15T09:00:00Z');

describe.each(backends)('publicListPosition on $name', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;
  let content: ContentService;
  beforeAll(async () => {
    ({ store, dispose } = await backend.open());
    content = new ContentService(store, () => NOW);
    const starts = ['2026-07-01', '2026-07-01', '2026-07-01', '2026-07-02', '2026-06-10', '2026-06-10', '2026-05-01'];
    const ends = ['2026-07-03', '2026-07-02', '2026-07-03', '2026-07-02', '2026-06-15', '2026-06-12', '2026-05-02'];
    for (let i = 0; i < 21; i += 1) {
      const k = i % starts.length;
      await store.create(
        'trainings',
        contentTypes.trainings.schema.parse({
          title: `Тренінг ${i}`,
          slug: `pos-${i}`,
          status: i === 20 ? 'draft' : 'published',
          startDate: starts[k],
          endDate: ends[k],
          format: 'online',
        }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    await dispose();
  });

  it('is the index of each training in the list it is in, ties included', async () => {
    for (const which of ['upcoming', 'past'] as const) {
      const list = await content.publicList('trainings', { ...trainingListQuery(which, TODAY), limit: 100 });
      expect(list.items.length).toBeGreaterThanOrEqual(5);
      for (const [i, doc] of list.items.entries()) {
        expect(trainingListOf(String(doc.endDate), TODAY)).toBe(which);
        const full = (await content.publicGet('trainings', doc.id))!;
        expect(await publicListPosition(content, 'trainings', trainingListQuery(which, TODAY), full), doc.id).toBe(i);
      }
    }
  });

  it('is the index of each contact in /Contacts’ list (numeric order, many ties)', async () => {
    const orders = [3, 0, 3, 1, 3, 3, 0, 2, 3, 3];
    for (const [i, order] of orders.entries())
      await store.create(
        'contacts',
        contentTypes.contacts.schema.parse({
          title: `Контакт ${i}`,
          slug: `contact-${i}`,
          order,
          status: i === 4 ? 'draft' : 'published',
        }),
      );
    const list = await content.publicList('contacts', { limit: 100 });
    expect(list.items).toHaveLength(orders.length - 1);
    for (const [i, doc] of list.items.entries())
      expect(await publicListPosition(content, 'contacts', { limit: 12 }, doc), doc.id).toBe(i);
  });
});
