/** Head tags: titles within 60 characters, share images, JSON-LD escaping, and the small text helpers. */
import { describe, expect, it } from 'vitest';
import { listPageTitle, pageTitle, shareImage, truncateText } from '../../src/client/components/PageMeta';
import type { HeadTags } from '../../src/shared/head/tags';
import { pageRange, scholarDate } from '../../src/client/lib/head/citationMeta';
import { postalAddress } from '../../src/client/lib/head/jsonLd';
import {
  citedAuthors,
  conferenceAttendance,
  datasetDescription,
  datasetVersionOf,
  eventPlace,
  internationalPhone,
  journalReference,
  languageOf,
  licenceUrl,
  plainText,
} from '../../src/shared/head/text';
import { cslName } from '../../src/server/cite/csl';
import { risJournal, unwrapRis } from '../../src/server/cite/format';
import { htmlDocument } from '../../src/server/ssr/document';
import { headSourceId } from '../../src/shared/head/sources';

describe('page titles', () => {
  it('keep «{title} — УкрГМІ» when it fits', () => {
    expect(pageTitle('Новини')).toBe('Новини — УкрГМІ');
  });

  it("keep the context (a thesis's conference) only when the whole fits in 60 characters", () => {
    expect(pageTitle('Тези', 'Конференція')).toBe('Тези — Конференція — УкрГМІ');
    const long = pageTitle(
      'Хвилі тепла в Києві у 2010–2025 роках',
      'Кліматичні зміни та гідрометеорологічна безпека України',
    );
    expect(long).toBe('Хвилі тепла в Києві у 2010–2025 роках — УкрГМІ');
  });

  it('give a whole title of 52 to 60 characters without «— УкрГМІ» rather than cut it', () => {
    // 55 characters: with « — УкрГМІ» 64, cut it would read as its 81-character book of theses does.
    expect(pageTitle('Кліматичні зміни та гідрометеорологічна безпека України')).toBe(
      'Кліматичні зміни та гідрометеорологічна безпека України',
    );
    expect(pageTitle('Кліматичні зміни та гідрометеорологічна безпека України: тези доповідей конференції')).toBe(
      'Кліматичні зміни та гідрометеорологічна безпека… — УкрГМІ',
    );
  });

  it('cut a long title at a word boundary with «…», within 60 characters', () => {
    const title = pageTitle(
      'Наукові праці Українського науково-дослідного гідрометеорологічного інституту. Випуск 248',
    );
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toBe('Наукові праці Українського науково-дослідного… — УкрГМІ');
    expect(truncateText('слово '.repeat(30), 20)).toBe('слово слово слово…');
  });

  it('name the page of a list from the second on («— сторінка N»)', () => {
    expect(listPageTitle('Новини', 2)).toBe('Новини — сторінка 2');
    for (const page of [undefined, 1, 0, 2.5]) expect(listPageTitle('Новини', page)).toBe('Новини');
    expect(pageTitle(listPageTitle('Новини', 3))).toBe('Новини — сторінка 3 — УкрГМІ');
  });

  it("give the home page the institute's name", () => {
    expect(pageTitle('')).toBe('УкрГМІ — Український гідрометеорологічний інститут');
  });
});

describe('share images', () => {
  it('use the cover (absolute, with its size and alt text) or the 1200 × 630 site image', () => {
    expect(
      shareImage('https://x.org', { url: '/v0/b/a/o/c.png?alt=media', alt: 'Опис', width: 1600, height: 900 }, 'T'),
    ).toEqual({
      url: 'https://x.org/v0/b/a/o/c.png?alt=media',
      width: 1600,
      height: 900,
      alt: 'Опис',
    });
    expect(shareImage('https://x.org', null, 'T')).toMatchObject({
      url: 'https://x.org/og-image.png',
      width: 1200,
      height: 630,
    });
  });
});

describe('the document head', () => {
  const head: HeadTags = {
    title: 'T — УкрГМІ',
    description: 'D',
    canonical: 'https://x.org/a',
    ogTitle: 'T',
    ogType: 'article',
    image: { url: 'https://x.org/og-image.png', width: null, height: null, alt: 'A "quoted"' },
    sources: {},
    parts: [
      {
        key: 'page',
        id: 'news:1',
        jsonLd: JSON.stringify({ headline: '</script><script>alert(1)</script><!--' }),
        meta: [{ name: 'citation_title', content: '<b>"T"</b>' }],
        links: [],
      },
    ],
  };
  const html = htmlDocument({
    head,
    appHtml: '',
    state: '{}',
    router: null,
    config: {} as never,
    assets: { css: [], preload: [], script: '' },
  });

  it('escapes < in JSON-LD, so content cannot close the data block', () => {
    const block =
      /<script type="application\/ld\+json" data-head="page" data-head-id="news:1">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(block![1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual({ headline: '</script><script>alert(1)</script><!--' });
  });

  it('escapes meta content and leaves out a size that is not known', () => {
    expect(html).toContain(
      '<meta name="citation_title" content="&lt;b&gt;&quot;T&quot;&lt;/b&gt;" data-head="page" data-head-id="news:1">',
    );
    expect(html).toContain('<meta property="og:image:alt" content="A &quot;quoted&quot;">');
    expect(html).not.toContain('og:image:width');
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest">');
  });
});

describe('text helpers', () => {
  it('read a postal address with its postal code', () => {
    expect(postalAddress('просп. Науки, 37, Київ, 03028, кімната 201')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'просп. Науки, 37',
      addressLocality: 'Київ',
      postalCode: '03028',
      addressCountry: 'UA',
    });
    expect(postalAddress('Київ')).toMatchObject({ streetAddress: 'Київ' });
  });

  it('write Ukrainian phone numbers in international form', () => {
    expect(internationalPhone('(044) 525-12-06')).toBe('+380 44 525-12-06');
    expect(internationalPhone('+380 44 000')).toBe('+380 44 000');
  });

  it('name Creative Commons licences by URL', () => {
    expect(licenceUrl('CC BY 4.0')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(licenceUrl('CC BY-SA 4.0')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(licenceUrl('Власна ліцензія')).toBe('Власна ліцензія');
  });

  it('leave «та ін.» / «et al.» out of cited author names', () => {
    expect(citedAuthors(['Skrynyk O. та ін.'])).toEqual(['Skrynyk O.']);
    expect(citedAuthors(['Дячук О. С.', 'Smith J., et al.', 'та ін.'])).toEqual(['Дячук О. С.', 'Smith J.']);
    expect(citedAuthors(['Тимошенко І. В.'])).toEqual(['Тимошенко І. В.']);
  });

  it('write a journal reference and a journal article\u2019s RIS journal and page range', () => {
    const j = { journalTitle: 'Data in Brief', journalVolume: '44', journalIssue: '', journalPages: '108553' };
    expect(journalReference(j)).toBe('Data in Brief, т. 44, 108553');
    expect(journalReference({ ...j, journalIssue: '2', journalPages: '5–18' })).toBe(
      'Data in Brief, т. 44, № 2, с. 5–18',
    );
    expect(journalReference({ ...j, journalTitle: '' })).toBe('');
    const item = { id: 'a', type: 'article-journal', title: 'T', author: [], issued: { 'date-parts': [[2022]] } };
    expect(risJournal('TY  - JOUR\nSP  - 5-18\nT2  - J $1\nER  - \n', { ...item, 'container-title': 'J $1' })).toBe(
      'TY  - JOUR\nSP  - 5\nEP  - 18\nT2  - J $1\nJO  - J $1\nER  - \n',
    );
  });

  it('tell online, hybrid and on-site conferences apart', () => {
    expect(conferenceAttendance('Онлайн')).toBe('online');
    expect(conferenceAttendance('Київ, просп. Науки, 37 (змішаний формат)')).toBe('hybrid');
    expect(conferenceAttendance('Київ')).toBe('offline');
  });

  it('give an event\u2019s place for citations: the city, no street address, no format note, none when online', () => {
    expect(eventPlace('Київ, просп. Науки, 37 (змішаний формат)')).toBe('Київ');
    expect(eventPlace('Київ, вул. Хрещатик, 1')).toBe('Київ');
    expect(eventPlace('Одеса, Україна')).toBe('Одеса, Україна');
    expect(eventPlace('Львів (онлайн)')).toBe('Львів');
    expect(eventPlace('Онлайн')).toBe('');
    expect(eventPlace('')).toBe('');
  });

  it('give Dataset Search a description of at least 50 characters', () => {
    expect(
      datasetDescription('Коротко.', '<p>Набір містить довгі ряди &amp; інше, достатньо для опису набору даних.</p>')
        .length,
    ).toBeGreaterThanOrEqual(50);
    expect(plainText('<p>a &amp; b</p>', 100)).toBe('a & b');
  });

  it("take a dataset's own version, else the latest of its history (never the store revision)", () => {
    expect(datasetVersionOf({ datasetVersion: '2.0', versions: [] } as never)).toBe('2.0');
    expect(
      datasetVersionOf({
        version: 7,
        versions: [
          { version: '1.0', date: '2020-01-01' },
          { version: '1.1', date: '2021-01-01' },
        ],
      } as never),
    ).toBe('1.1');
  });

  it('format Scholar dates and page ranges', () => {
    expect(scholarDate('2025-11-18')).toBe('2025/11/18');
    expect(pageRange('5–18')).toEqual(['5', '18']);
    expect(pageRange('7')).toEqual(['7', '7']);
    expect(pageRange('i–x')).toBeNull();
    expect(languageOf('Heat waves in Kyiv')).toBe('en');
    expect(languageOf('Хвилі тепла')).toBe('uk');
  });

  it('split author names for CSL', () => {
    expect(cslName('Дячук О. С.')).toEqual({ family: 'Дячук', given: 'О. С.' });
    expect(cslName('Skrynyk, Oleg')).toEqual({ family: 'Skrynyk', given: 'Oleg' });
    expect(cslName('Skrynyk O. та ін.')).toEqual({ literal: 'Skrynyk O. та ін.' });
  });

  it("keep each RIS value on its tag's line", () => {
    expect(unwrapRis('TY  - JOUR\nTI  - abc de\nf gh\nER  - ')).toBe('TY  - JOUR\nTI  - abc def gh\nER  -\n');
  });
});

describe('head source ids', () => {
  const contact = {
    id: 'pryimalnia',
    title: 'Приймальня директора',
    address: 'просп. Науки, 37, Київ',
    phones: ['+380 44 525 87 12'],
    email: 'uhmi@uhmi.org.ua',
  };

  it('name list items (which carry no timestamps) by a fingerprint of their fields', () => {
    const id = headSourceId({ kind: 'organization', contacts: [contact] });
    expect(id).toMatch(/^organization:pryimalnia#[0-9a-z]+$/);
    expect(headSourceId({ kind: 'organization', contacts: [{ ...contact }] })).toBe(id);
    // A changed phone is a new id, so the browser rebuilds the organisation's JSON-LD after a navigation.
    expect(headSourceId({ kind: 'organization', contacts: [{ ...contact, phones: ['+380 44 525 86 29'] }] })).not.toBe(
      id,
    );
  });
});
