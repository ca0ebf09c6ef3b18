/** The confirmation of «Відновити» in «Історія змін»: it names the state the document will be in. */
import { describe, expect, it } from 'vitest';
import { publicationState, restoreMessage } from '../../src/client/admin/pages/restoreMessage';
import { redirects } from '../../src/shared/content/types/redirects';
import { news } from '../../src/shared/content/types/news';

const NOW = new Date('2026-11-28T10:00:00.000Z');
const published = { title: 'Новина', status: 'published', publishedAt: null };
const draft = { title: 'Новина', status: 'draft', publishedAt: null };
const scheduled = { title: 'Новина', status: 'published', publishedAt: '2026-12-01T08:00:00.000Z' };

describe('restoreMessage', () => {
  it('warns that a published version of a withdrawn document will be public again', () => {
    expect(restoreMessage(news, 2, published, draft, false, NOW)).toEqual([
      'Версію 2 буде відновлено: її вміст і стан буде збережено як нову версію документа.',
      'Документ знову стане опублікованим і з’явиться на сайті.',
    ]);
  });

  it('warns that a draft version of a published document takes it off the site', () => {
    expect(restoreMessage(news, 1, draft, published, false, NOW)[1]).toBe('Документ стане чернеткою й зникне з сайту.');
  });

  it('names the publication time of a scheduled version, in Kyiv time', () => {
    expect(restoreMessage(news, 3, scheduled, draft, false, NOW)[1]).toMatch(
      /^Документ буде заплановано до публікації 1 грудня 2026\sр\. о 10:00\.$/,
    );
  });

  it('says the state stays when both are the same, and that unsaved changes are lost', () => {
    expect(restoreMessage(news, 3, published, published, true, NOW).slice(1)).toEqual([
      'Стан публікації не зміниться: «Опубліковано».',
      'Незбережені зміни у формі буде втрачено.',
    ]);
  });

  it('a type without a publication state gets no sentence on it', () => {
    expect(restoreMessage(redirects, 2, { from: '/a' }, { from: '/b' }, false, NOW)).toHaveLength(1);
  });

  it('a scheduled time already past counts as published', () => {
    expect(publicationState(news, scheduled, new Date('2026-12-02T00:00:00.000Z'))).toBe('published');
    expect(publicationState(news, scheduled, NOW)).toBe('scheduled');
  });
});
