/**
 * Issue 28, item 2 (metadata): each dataset's DataCite Metadata Schema 4.5 record, linked from its
 * page as «DataCite XML» and valid against the official kernel-4.5 XSD (schemas/datacite-kernel-4.5, see SOURCE.md).
 */
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- parsed XML: the assertions check its shape */
import { XMLParser } from 'fast-xml-parser';
import { DataFactory } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { seedSet } from '../../src/server/seed/content/index';
import { parseTurtle } from '../support/shacl';
import { readHead } from '../support/structuredData';
import { xsdErrors } from '../support/xmlSchema';
import { startTestServer, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';
const validate = (xml: string) => xsdErrors(xml, 'datacite-kernel-4.5', 'metadata.xsd');
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  await server.store.create(
    'dataRepo',
    contentTypes.dataRepo.schema.parse({
      title: 'Тестовий набір із повними метаданими',
      slug: 'full-metadata',
      status: 'published',
      summary: 'Набір для перевірки запису DataCite: автори з ORCID, установи з ROR і фінансування.',
      creators: [
        {
          name: 'Carberry, Josiah',
          orcid: 'https://orcid.org/0000-0002-1825-0097',
          affiliation: 'Brown University',
          affiliationRor: '05gq02987',
        },
        { name: 'Український гідрометеорологічний інститут' },
      ],
      keywords: ['опади'],
      bboxWest: 30.0,
      bboxEast: 31.0,
      bboxSouth: 50.0,
      bboxNorth: 51.0,
      funding: [{ funderName: 'Національний фонд досліджень України', awardNumber: '2023.01/0001' }],
      doi: '10.1234/uhmi.test.2',
      articleDoi: '10.1016/j.dib.2022.108553',
      datasetVersion: '2.0',
      versions: [
        { version: '1.0', date: '2023-01-10' },
        { version: '2.0', date: '2024-02-20' },
      ],
      licence: 'CC BY 4.0',
      files: [{ path: 'public/x.csv', name: 'x.csv', contentType: 'text/csv', size: 1234, url: '/x.csv' }],
    }),
    { id: 'full-metadata' },
  );
  await server.store.create(
    'dataRepo',
    contentTypes.dataRepo.schema.parse({
      title: 'Gridded daily air temperature for Ukraine',
      slug: 'english-dataset',
      status: 'published',
      summary: 'Daily minimum and maximum air temperature on a regular grid.',
      keywords: ['air temperature'],
      versions: [{ version: '1.0', date: '2024-05-01' }],
    }),
    { id: 'english-dataset' },
  );
});
afterAll(async () => {
  await server.dispose();
});

const seeded = (seedSet.dataRepo ?? []).filter((d) => d.data.status === 'published');

describe('DataCite XML of each dataset', () => {
  it.each(seeded.map((d) => [d.data.slug, d.data.title] as const))(
    '%s: linked from its page, an attachment valid against kernel-4.5',
    async (slug, title) => {
      const page = await server.get(`/data_repo/${slug}`);
      const href = `/api/datacite/${encodeURIComponent(slug)}.xml`;
      expect(page.body).toMatch(new RegExp(`<a href="${href.replace(/[.]/g, '\\.')}"[^>]*>DataCite XML`));
      const res = await server.app.inject({ method: 'GET', url: href });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(await validate(res.body)).toEqual([]);
      const r = parser.parse(res.body).resource;
      expect(r.titles.title['#text']).toBe(title);
      expect(r.identifier).toMatchObject({ '@identifierType': 'URL', '#text': `${PUBLIC_URL}/data_repo/${slug}` });
      expect(r.resourceType['@resourceTypeGeneral']).toBe('Dataset');
      expect(r.geoLocations.geoLocation.geoLocationBox).toEqual({
        westBoundLongitude: 22.14,
        eastBoundLongitude: 40.23,
        southBoundLatitude: 44.38,
        northBoundLatitude: 52.38,
      });
      expect(r.rightsList.rights['@rightsIdentifier']).toBe('CC-BY-4.0');
      expect(String(r.version)).toMatch(/^\d/);
      expect(r.sizes.size[0]).toMatch(/^\d+ bytes$/);
    },
  );

  it('carries creators with ORCID and ROR, funding, DOI, versions as dates and the describing article', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/datacite/full-metadata.xml' });
    expect(res.statusCode).toBe(200);
    expect(await validate(res.body)).toEqual([]);
    const r = parser.parse(res.body).resource;
    expect(r.identifier).toEqual({ '@identifierType': 'DOI', '#text': '10.1234/uhmi.test.2' });
    const [person, org] = r.creators.creator;
    expect(person.creatorName).toEqual({ '@nameType': 'Personal', '#text': 'Carberry, Josiah' });
    expect(person.familyName).toBe('Carberry');
    expect(person.nameIdentifier).toMatchObject({
      '@nameIdentifierScheme': 'ORCID',
      '#text': 'https://orcid.org/0000-0002-1825-0097',
    });
    expect(person.affiliation).toMatchObject({
      '@affiliationIdentifier': 'https://ror.org/05gq02987',
      '@affiliationIdentifierScheme': 'ROR',
    });
    expect(org.creatorName['@nameType']).toBe('Organizational');
    expect(r.fundingReferences.fundingReference).toMatchObject({
      funderName: 'Національний фонд досліджень України',
      awardNumber: '2023.01/0001',
    });
    expect(r.geoLocations.geoLocation.geoLocationBox).toEqual({
      westBoundLongitude: 30,
      eastBoundLongitude: 31,
      southBoundLatitude: 50,
      northBoundLatitude: 51,
    });
    expect(r.publicationYear).toBe(2023);
    expect(r.dates.date).toEqual(
      expect.arrayContaining([
        { '@dateType': 'Issued', '@dateInformation': 'версія 1.0', '#text': '2023-01-10' },
        { '@dateType': 'Updated', '@dateInformation': 'версія 2.0', '#text': '2024-02-20' },
      ]),
    );
    expect(r.relatedIdentifiers.relatedIdentifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@relationType': 'IsDescribedBy', '#text': '10.1016/j.dib.2022.108553' }),
      ]),
    );
    expect(r.version).toBe(2);
  });

  it('the schema check catches a record without its mandatory publication year', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/datacite/full-metadata.xml' });
    const broken = res.body.replace(/<publicationYear>\d+<\/publicationYear>/, '');
    expect((await validate(broken)).join('\n')).toMatch(/publicationYear/);
  });

  it('answers 404, never 500, for an unknown dataset, a draft or another extension', async () => {
    for (const url of ['/api/datacite/no-such.xml', '/api/datacite/month.json', '/api/datacite/.xml']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('the admin refuses a malformed ORCID or ROR id, in Ukrainian', () => {
    const bad = contentTypes.dataRepo.schema.safeParse({
      title: 'x',
      slug: 'x',
      creators: [{ name: 'A, B', orcid: '1234', affiliationRor: 'nope' }],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'ORCID має вигляд 0000-0000-0000-0000',
        'Ідентифікатор ROR має вигляд 0abcde123 (9 символів)',
      ]),
    );
  });
});

describe('a dataset\u2019s language', () => {
  const get = async (url: string) => (await server.app.inject({ method: 'GET', url })).body;

  /** The language each record of a dataset states: DataCite (and its title's), JSON-LD, DCAT, CSL, RIS and oai_dc. */
  async function languages(slug: string, id: string) {
    const r = parser.parse(await get(`/api/datacite/${slug}.xml`)).resource;
    const page = readHead(await get(`/data_repo/${slug}`));
    const [csl] = JSON.parse(await get(`/api/cite/datasets/${slug}.json`)) as Array<{ language: string }>;
    const ris = /^LA {2}- (.*)$/m.exec(await get(`/api/cite/datasets/${slug}.ris`));
    const dcat = parseTurtle(await get('/data_repo/catalog.ttl')).getObjects(
      DataFactory.namedNode(`${PUBLIC_URL}/data_repo/${slug}#dataset`),
      DataFactory.namedNode('http://purl.org/dc/terms/language'),
      null,
    );
    const oai = await get(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:uhmi.example.org:dataRepo/${id}`);
    return {
      datacite: r.language,
      dataciteTitle: r.titles.title['@xml:lang'],
      jsonLd: page.jsonLd.find((n) => n['@type'] === 'Dataset')?.inLanguage,
      dcat: dcat.map((o) => o.value),
      csl: csl!.language,
      ris: ris?.[1],
      oai: /<dc:language>([^<]*)<\/dc:language>/.exec(oai)?.[1],
    };
  }
  const everywhere = (lang: string, eu: string) => ({
    datacite: lang,
    dataciteTitle: lang,
    jsonLd: lang,
    dcat: [`http://publications.europa.eu/resource/authority/language/${eu}`],
    csl: lang,
    ris: lang,
    oai: lang,
  });

  it('an English dataset is English in DataCite, JSON-LD, DCAT, its citation files and OAI-PMH', async () => {
    expect(await languages('english-dataset', 'english-dataset')).toEqual(everywhere('en', 'ENG'));
    expect(await validate(await get('/api/datacite/english-dataset.xml'))).toEqual([]);
  });

  it('a Ukrainian dataset cited from an English article is Ukrainian everywhere (its citation language is the citation\u2019s)', async () => {
    const month = seeded.find((d) => d.data.slug === 'month')!;
    expect(month.data.citationLanguage).toBe('en');
    expect(await languages('month', month.id)).toEqual(everywhere('uk', 'UKR'));
  });
});
