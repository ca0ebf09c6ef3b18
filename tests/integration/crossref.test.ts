/**
 * Issue 28, item 4: a journal issue's Crossref deposit file (schema 5.4.0), made for staff through the
 * admin middleware. Here its content, element by element, and its element order; its validity against
 * the official crossref5.4.0.xsd is in crossref-xsd.test.ts.
 */
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- parsed XML: the assertions check its shape */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { sessionCookie as sessionCookieValue } from '../security/helpers';
import { startTestServer, trpc, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
const ORIGIN = 'https://uhmi.example.org';
let server: TestServer;
let cookie: string;

/** The `__session` cookie of a staff sign-in through the identity endpoints, as the browser gets it. */
const sessionCookie = async (email: string, password: string) =>
  `__session=${await sessionCookieValue(server, email, password)}`;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: ORIGIN, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cookie = await sessionCookie(ADMIN.email, ADMIN.password);
  await server.store.create(
    'journal',
    contentTypes.journal.schema.parse({
      title: 'Випуск 2, 2025',
      slug: 'test-issue-2025-2',
      status: 'draft',
      year: 2025,
      volume: 4,
      number: 2,
      toc: [
        {
          title: 'Тренди опадів <у> Карпатах & Поліссі',
          authors: [
            {
              name: 'Дячук О. С.',
              affiliation: 'Український гідрометеорологічний інститут',
              orcid: '0000-0002-1825-0097',
            },
            { name: 'Carberry, Josiah' },
          ],
          pages: '5–17',
          doi: '10.1234/mhm.2025.2.1',
          abstract: 'Перший абзац анотації.\n\nДругий абзац.',
        },
        { title: 'Стаття без DOI', authors: [{ name: 'Іваненко І. І.' }], pages: '18–20' },
      ],
    }),
    { id: 'test-issue-2025-2' },
  );
});
afterAll(async () => {
  await server.dispose();
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', preserveOrder: false });

describe('Crossref deposit XML of a journal issue', () => {
  it('staff get the file: issue, articles with DOI, contributors with ORCID, JATS abstract, page range', async () => {
    const res = await trpc(server, 'query', 'adminScholarly.crossrefIssue', { id: 'test-issue-2025-2' }, cookie);
    expect(res.status).toBe(200);
    const file = res.data as { fileName: string; xml: string; skipped: string[] };
    expect(file.fileName).toBe('test-issue-2025-2.crossref.xml');
    expect(file.skipped).toEqual(['Стаття без DOI']);
    expect(XMLValidator.validate(file.xml)).toBe(true);

    const batch = parser.parse(file.xml).doi_batch;
    expect(batch['@xmlns']).toBe('http://www.crossref.org/schema/5.4.0');
    expect(batch['@version']).toBe('5.4.0');
    expect(batch['@xmlns:jats']).toBe('http://www.ncbi.nlm.nih.gov/JATS1');
    expect(String(batch.head.timestamp)).toMatch(/^\d{14}$/);
    expect(batch.head.depositor.email_address).toMatch(/@/);
    const journal = batch.body.journal;
    expect(journal.journal_metadata.full_title).toBe('Метеорологія. Гідрологія. Моніторинг довкілля');
    expect(journal.journal_issue).toMatchObject({
      publication_date: { year: 2025 },
      journal_volume: { volume: 4 },
      issue: 2,
    });
    const article = journal.journal_article;
    expect(Array.isArray(article)).toBe(false); // the entry without a DOI is left out
    expect(article.titles.title).toBe('Тренди опадів <у> Карпатах & Поліссі');
    const [first, second] = article.contributors.person_name;
    expect(first).toMatchObject({
      '@sequence': 'first',
      '@contributor_role': 'author',
      given_name: 'О. С.',
      surname: 'Дячук',
      ORCID: 'https://orcid.org/0000-0002-1825-0097',
      affiliations: { institution: { institution_name: 'Український гідрометеорологічний інститут' } },
    });
    expect(second).toMatchObject({ '@sequence': 'additional', given_name: 'Josiah', surname: 'Carberry' });
    expect(article['jats:abstract']['jats:p']).toEqual(['Перший абзац анотації.', 'Другий абзац.']);
    expect(article.pages).toEqual({ first_page: 5, last_page: 17 });
    expect(article.doi_data).toEqual({ doi: '10.1234/mhm.2025.2.1', resource: `${ORIGIN}/journal/test-issue-2025-2` });
  });

  it('keeps the element order of the 5.4.0 sequences (head before body; titles … doi_data)', async () => {
    const res = await trpc(server, 'query', 'adminScholarly.crossrefIssue', { id: 'test-issue-2025-2' }, cookie);
    const xml = (res.data as { xml: string }).xml;
    const order = (names: string[]) => names.map((n) => xml.indexOf(`<${n}`));
    const inOrder = (names: string[]) => {
      const at = order(names);
      expect(
        at.every((i) => i >= 0),
        names.join(','),
      ).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    };
    inOrder(['head', 'doi_batch_id', 'timestamp', 'depositor', 'registrant', 'body']);
    inOrder(['journal_metadata', 'journal_issue', 'journal_article']);
    inOrder(['publication_date', 'journal_volume', 'issue>']);
    inOrder([
      'titles',
      'contributors',
      'jats:abstract',
      'publication_date media_type="online"><year>2025</year></publication_date><pages',
      'pages',
      'doi_data',
    ]);
    inOrder(['given_name', 'surname', 'affiliations', 'ORCID']);
  });

  it('is for staff only, and a missing issue is NOT_FOUND, not a 500', async () => {
    const anonymous = await trpc(server, 'query', 'adminScholarly.crossrefIssue', { id: 'test-issue-2025-2' });
    expect(anonymous.status).toBe(401);
    const missing = await trpc(server, 'query', 'adminScholarly.crossrefIssue', { id: 'no-such-issue' }, cookie);
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('NOT_FOUND');
  });
});
