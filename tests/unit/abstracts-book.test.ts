/**
 * A large book of abstracts (issue 28, item 7), read back with pdfjs-dist: a table of contents over
 * several pages with section headings, entries longer than a page under the running head, page
 * numbers, bookmarks and links that agree, and the same bytes for the same input.
 */
import { describe, expect, it } from 'vitest';
import { abstractsBookPdf, type AbstractsBookInput } from '../../src/server/events/abstractsBook';
import { pdfNavigation, pdfPages, tableOfContents } from '../support/pdfText';

const SECTIONS = ['Кліматологія', 'Гідрологія', 'Агрометеорологія'];
const paragraph = (i: number) =>
  `<p>Абзац ${i}: ряди спостережень за 1961–2020 роки опрацьовано за методикою ВМО; оцінено тренди, мінливість і ризики для водних ресурсів та сільського господарства.</p>`;

function input(count: number): AbstractsBookInput {
  return {
    conference: {
      title: 'Клімат і вода: велика конференція для перевірки верстки збірника тез',
      startDate: '2026-05-20',
      endDate: '2026-05-22',
      location: 'Київ, просп. Науки, 37',
      organizers: 'УкрГМІ',
      url: 'https://uhmi.example.org/conf/velyka',
    },
    theses: Array.from({ length: count }, (_, i) => ({
      title: `Тези ${i + 1}: оцінка змін гідрометеорологічних величин у басейні річки номер ${i + 1}`,
      section: SECTIONS[Math.floor(i / 10) % SECTIONS.length]!,
      authors: [
        { name: `Автор${i + 1} А. А.`, affiliation: 'Український гідрометеорологічний інститут' },
        { name: `Співавтор${i + 1} Б. Б.`, affiliation: 'Київський національний університет' },
      ],
      summary: `Анотація тез ${i + 1}.`,
      keywords: ['клімат', `ключ${i + 1}`],
      // Every fifth entry runs over more than one page.
      body: Array.from({ length: i % 5 === 0 ? 60 : 3 }, (_, k) => paragraph(k + 1)).join(''),
    })),
    date: new Date('2026-04-01T00:00:00Z'),
  };
}

describe('abstractsBookPdf', () => {
  it(
    'sets a ToC over several pages whose numbers, links and bookmarks lead to each entry',
    { timeout: 60_000 },
    async () => {
      const book = input(45);
      const bytes = await abstractsBookPdf(book);
      const pages = await pdfPages(bytes);
      const { toc, numbers } = tableOfContents(pages);
      expect(toc.length).toBeGreaterThan(1);
      expect(toc[0]!.text.startsWith('Зміст')).toBe(true);
      for (const s of SECTIONS) expect(toc.map((p) => p.text).join(' ')).toContain(s);
      expect(numbers).toHaveLength(45);
      book.theses.forEach((t, i) => {
        const entry = pages[numbers[i]! - 1]!;
        expect(entry.text).toContain(t.title);
        // Authors with the numbers of their affiliations.
        expect(entry.text).toContain(`${t.authors[0]!.name}¹, ${t.authors[1]!.name}²`);
        expect(entry.text).toContain(
          '¹ Український гідрометеорологічний інститут ² Київський національний університет',
        );
        // A long entry fills the pages up to the next one; each of them has the running head and its number.
        const next = numbers[i + 1] ?? pages.length + 1;
        if (i % 5 === 0) expect(next - numbers[i]!).toBeGreaterThan(1);
        for (let n = numbers[i]!; n < next; n++) {
          expect(pages[n - 1]!.items[0]).toMatch(/^Клімат і вода: велика конференція/);
          expect(pages[n - 1]!.items.at(-1)).toBe(String(n));
        }
      });
      const nav = await pdfNavigation(bytes, toc.length);
      expect(nav.outline.map((o) => o.page)).toEqual(numbers);
      expect(nav.tocLinks).toEqual(numbers);
    },
  );

  it('gives the same bytes for the same input', { timeout: 30_000 }, async () => {
    const [a, b] = await Promise.all([abstractsBookPdf(input(3)), abstractsBookPdf(input(3))]);
    expect(a.equals(b)).toBe(true);
  });
});
