/**
 * A summary with line breaks (a textarea's paragraphs) in a book of abstracts: each of its lines is
 * set on its own line of the page, in order, and the keywords and body follow below them instead of
 * being printed over them. Read back with pdfjs-dist, with each text item's position.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { abstractsBookPdf } from '../../src/server/events/abstractsBook';

/** The text items of a PDF page with their baselines (points from the page's bottom). */
async function itemsWithY(bytes: Uint8Array, page: number): Promise<Array<{ str: string; y: number }>> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const content = await (await doc.getPage(page)).getTextContent();
  const items = content.items.flatMap((i) =>
    'str' in i && i.str.trim() ? [{ str: i.str, y: Number(i.transform[5]) }] : [],
  );
  await doc.destroy();
  return items;
}

const SUMMARY = ['Перший абзац анотації.', 'Другий абзац анотації.', '', 'Третій абзац після порожнього рядка.'];

describe('a summary with line breaks', () => {
  it('sets each line below the previous one, and the keywords and body below the last', async () => {
    const bytes = await abstractsBookPdf({
      conference: {
        title: 'Конференція з переносами рядків',
        startDate: '2026-05-20',
        endDate: '2026-05-20',
        location: 'Київ',
        organizers: 'УкрГМІ',
        url: 'https://uhmi.example.org/conf/lines',
      },
      theses: [
        {
          title: 'Тези з багаторядковою анотацією',
          section: 'Кліматологія',
          authors: [{ name: 'Автор А. А.', affiliation: 'УкрГМІ' }],
          summary: SUMMARY.join('\n'),
          keywords: ['клімат'],
          body: '<p>Основний текст тез.</p>',
        },
      ],
      date: new Date('2026-04-01T00:00:00Z'),
    });
    const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
    const pages = doc.numPages;
    await doc.destroy();
    const items = await itemsWithY(bytes, pages);
    const lines = [...SUMMARY.filter(Boolean), 'Ключові слова: клімат.', 'Основний текст тез.'];
    const ys = lines.map((line) => {
      const found = items.filter((i) => i.str === line);
      expect(found, line).toHaveLength(1);
      return found[0]!.y;
    });
    for (let k = 1; k < ys.length; k++) expect(ys[k]!, lines[k]).toBeLessThan(ys[k - 1]! - 8);
    // The blank line between the second and third paragraphs is kept as space.
    expect(ys[1]! - ys[2]!).toBeGreaterThan(ys[0]! - ys[1]! + 8);
  });
});
