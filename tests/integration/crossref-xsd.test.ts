/**
 * Issue 28, item 4: the Crossref deposit file of a seeded journal issue validates against the official
 * Crossref 5.4.0 schema (schemas/crossref-5.4.0, with its JATS 1.3 (MathML 3), fundref, relations and
 * other imports; sources in schemas/README.md), checked by libxml2 (xmllint-wasm) offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalSeed } from '../../src/server/seed/content/journal';
import { contentTypes } from '../../src/shared/content/registry';
import { xsdErrorsEach } from '../support/xmlSchema';
import { sessionCookie as sessionCookieValue } from '../security/helpers';
import { startTestServer, trpc, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
/**
 * The absolute imports of crossref5.4.0.xsd and common5.4.0.xsd, mapped to the copies the JATS schema
 * imports (W3C's xml.xsd and MathML 3 as the JATS 1.3 distribution ships them).
 */
const CROSSREF_URLS = {
  'http://www.w3.org/2009/01/xml.xsd': 'standard-modules/xml.xsd',
  'http://www.w3.org/Math/XMLSchema/mathml3/mathml3.xsd': 'standard-modules/mathml3/mathml3.xsd',
};
/** Each document's errors (one compile of the schema, which takes seconds). */
const crossrefErrors = (xml: string[]) => xsdErrorsEach(xml, 'crossref-5.4.0', 'crossref5.4.0.xsd', CROSSREF_URLS);

let server: TestServer;
let cookie: string;

/** The `__session` cookie of a staff sign-in through the identity endpoints, as the browser gets it. */
const sessionCookie = async (email: string, password: string) =>
  `__session=${await sessionCookieValue(server, email, password)}`;

/** The deposit file of a journal issue, as staff download it. */
async function deposit(id: string): Promise<{ xml: string; skipped: string[] }> {
  const res = await trpc(server, 'query', 'adminScholarly.crossrefIssue', { id }, cookie);
  expect(res.status).toBe(200);
  return res.data as { xml: string; skipped: string[] };
}

const seeded = journalSeed[0]!;
const seededToc = seeded.data.toc ?? [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cookie = await sessionCookie(ADMIN.email, ADMIN.password);
  // The seeded issue as an editor completes it before depositing: DOIs, an ORCID, an abstract.
  const toc = seededToc.map((entry, i) => ({
    ...entry,
    doi: `10.5555/mhmd.${seeded.data.year}.${seeded.data.number}.${i + 1}`,
    ...(i === 0
      ? {
          abstract: 'Перший абзац анотації з <тегом> & амперсандом.\n\nДругий абзац.',
          authors: (entry.authors ?? []).map((a, j) => (j === 0 ? { ...a, orcid: '0000-0002-1825-0097' } : a)),
        }
      : {}),
  }));
  const stored = await server.store.get<Record<string, unknown>>('journal', seeded.id);
  await server.store.create('journal', contentTypes.journal.schema.parse({ ...stored!.data, slug: 'xsd-issue', toc }), {
    id: 'xsd-issue',
  });
});
afterAll(async () => {
  await server.dispose();
});

describe('Crossref 5.4.0 XSD', () => {
  it('the deposit of a seeded issue is valid, with and without DOIs; the validator rejects what the schema forbids', async () => {
    const withDois = await deposit('xsd-issue');
    expect(withDois.skipped).toEqual([]);
    expect(withDois.xml.match(/<journal_article /g)).toHaveLength(seededToc.length);
    expect(withDois.xml).toContain('<ORCID>https://orcid.org/0000-0002-1825-0097</ORCID>');
    expect(withDois.xml).toContain('<jats:p>Перший абзац анотації з &lt;тегом&gt; &amp; амперсандом.</jats:p>');
    // As seeded (no DOIs yet): every article left out and named for the editor.
    const asSeeded = await deposit(seeded.id);
    expect(asSeeded.skipped).toEqual(seededToc.map((e) => e.title));
    // Broken copies, so the check can fail: a timestamp that is no number, contributors before titles.
    const badStamp = withDois.xml.replace(/<timestamp>\d+<\/timestamp>/, '<timestamp>yesterday</timestamp>');
    const misordered = withDois.xml.replace(
      /(<titles>[\s\S]*?<\/titles>)(<contributors>[\s\S]*?<\/contributors>)/,
      '$2$1',
    );
    expect(misordered).not.toBe(withDois.xml);

    const [valid, validSeeded, stampErrors, orderErrors] = await crossrefErrors([
      withDois.xml,
      asSeeded.xml,
      badStamp,
      misordered,
    ]);
    expect(valid).toEqual([]);
    expect(validSeeded).toEqual([]);
    expect(stampErrors!.join('\n')).toMatch(/timestamp/);
    expect(orderErrors!.join('\n')).toMatch(/contributors|titles/);
  }, 120_000);
});
