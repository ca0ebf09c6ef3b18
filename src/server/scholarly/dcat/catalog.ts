/**
 * The data repository as a DCAT-AP 3.0 catalogue (https://semiceu.github.io/DCAT-AP/releases/3.0.1/):
 * the catalogue, each published dataset with its distributions (the page's files and the dataset's
 * ZIP archive) carrying media type, byte size, SHA-256 checksum and licence, temporal and spatial
 * coverage, publisher and contact point. Pure: the files' facts are read beforehand (checksums.ts).
 * Checked against the DCAT-AP 3.0.1 SHACL shapes in tests/integration/dcat-catalog.test.ts.
 */
import { DataFactory, Store, type Quad_Object, type Quad_Subject } from 'n3';
import type { ContentDocument } from '../../../shared/content/registry';
import { datasetDescription, datasetVersionOf, licenceUrl, workLanguage } from '../../../shared/head/text';
import type { FileFacts } from '../checksums';
import { datasetBox, INSTITUTE } from '../institute';
import {
  adms,
  dcat,
  dct,
  EU_COUNTRY,
  EU_LANGUAGE,
  EU_LANGUAGE_CODES,
  foaf,
  gsp,
  IANA_MEDIA_TYPE,
  rdf,
  spdx,
  vcard,
  xsd,
} from './vocabulary';

const namedNode = (iri: string) => DataFactory.namedNode(iri);
const literal = (value: string, languageOrDatatype?: string | ReturnType<typeof DataFactory.namedNode>) =>
  DataFactory.literal(value, languageOrDatatype);
const blankNode = () => DataFactory.blankNode();
const quad = (s: Quad_Subject, p: ReturnType<typeof DataFactory.namedNode>, o: Quad_Object) =>
  DataFactory.quad(s, p, o);

export interface CatalogInput {
  /** PUBLIC_URL, without a trailing slash. */
  origin: string;
  /** The data repository's contact address. */
  contactEmail: string;
  datasets: Array<ContentDocument<'dataRepo'>>;
  /** Facts of each stored file by its storage path (missing: size from the document, no checksum). */
  files: ReadonlyMap<string, FileFacts>;
  /** Facts of each dataset's ZIP archive by slug, where one is stored. */
  archives: ReadonlyMap<string, FileFacts>;
}

export const catalogIri = (origin: string) => `${origin}/data_repo#catalog`;
export const datasetIri = (origin: string, slug: string) => `${origin}/data_repo/${encodeURIComponent(slug)}#dataset`;

/** `1946` → a gYear, `1946-05` → a gYearMonth, `1946-05-01` → a date; anything else null. */
function dateLiteral(value: string) {
  if (/^\d{4}$/.test(value)) return literal(value, xsd('gYear'));
  if (/^\d{4}-\d{2}$/.test(value)) return literal(value, xsd('gYearMonth'));
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return literal(value, xsd('date'));
  return null;
}

/** A media type's essence (`text/csv; charset=utf-8` → `text/csv`); octet-stream when malformed. */
export function mediaTypeEssence(value: string): string {
  const essence = value.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(essence)
    ? essence
    : 'application/octet-stream';
}

class Graph {
  readonly store = new Store();
  add(s: Quad_Subject, p: ReturnType<typeof dct>, o: Quad_Object | null | undefined): void {
    if (o) this.store.addQuad(quad(s, p, o));
  }
  typed(s: Quad_Subject, ...types: Array<ReturnType<typeof dct>>): Quad_Subject {
    for (const t of types) this.add(s, rdf('type'), t);
    return s;
  }
}

function publisher(g: Graph, origin: string): Quad_Subject {
  const agent = g.typed(namedNode(`${origin}/#organization`), foaf('Agent'), foaf('Organization'));
  g.add(agent, foaf('name'), literal(INSTITUTE.name, 'uk'));
  g.add(agent, foaf('name'), literal(INSTITUTE.nameEn, 'en'));
  g.add(agent, foaf('homepage'), g.typed(namedNode(`${origin}/`), foaf('Document')));
  return agent;
}

function contactPoint(g: Graph, email: string): Quad_Subject {
  const contact = g.typed(blankNode(), vcard('Kind'), vcard('Organization'));
  g.add(contact, vcard('fn'), literal(`Репозитарій даних ${INSTITUTE.nameGenitive}`, 'uk'));
  g.add(contact, vcard('hasEmail'), namedNode(`mailto:${email}`));
  return contact;
}

function licence(g: Graph, text: string): Quad_Object | null {
  const url = licenceUrl(text);
  if (!/^https?:\/\//.test(url)) return null;
  const node = g.typed(namedNode(url), dct('LicenseDocument'));
  g.add(node, dct('title'), literal(text));
  return node;
}

function distribution(
  g: Graph,
  file: { title: string; url: string; mediaType: string; size: number; facts?: FileFacts },
  licenceNode: Quad_Object | null,
): Quad_Subject {
  const d = g.typed(blankNode(), dcat('Distribution'));
  g.add(d, dct('title'), literal(file.title));
  g.add(d, dcat('accessURL'), namedNode(file.url));
  g.add(d, dcat('downloadURL'), namedNode(file.url));
  g.add(d, dcat('mediaType'), g.typed(IANA_MEDIA_TYPE(mediaTypeEssence(file.mediaType)), dct('MediaType')));
  g.add(d, dcat('byteSize'), literal(String(file.facts?.size ?? file.size), xsd('nonNegativeInteger')));
  g.add(d, dct('license'), licenceNode);
  if (file.facts) {
    const sum = g.typed(blankNode(), spdx('Checksum'));
    g.add(sum, spdx('algorithm'), g.typed(spdx('checksumAlgorithm_sha256'), spdx('ChecksumAlgorithm')));
    g.add(sum, spdx('checksumValue'), literal(file.facts.sha256, xsd('hexBinary')));
    g.add(d, spdx('checksum'), sum);
    g.add(d, dct('modified'), literal(file.facts.updated, xsd('dateTime')));
  }
  return d;
}

function coverage(g: Graph, set: Quad_Subject, d: ContentDocument<'dataRepo'>): void {
  const start = dateLiteral(d.periodStart);
  const end = dateLiteral(d.periodEnd);
  if (start || end) {
    const period = g.typed(blankNode(), dct('PeriodOfTime'));
    g.add(period, dcat('startDate'), start);
    g.add(period, dcat('endDate'), end);
    g.add(set, dct('temporal'), period);
  }
  const b = datasetBox(d);
  const wkt = `POLYGON((${b.west} ${b.south}, ${b.east} ${b.south}, ${b.east} ${b.north}, ${b.west} ${b.north}, ${b.west} ${b.south}))`;
  const place = g.typed(blankNode(), dct('Location'));
  g.add(place, dcat('bbox'), literal(wkt, gsp('wktLiteral')));
  g.add(set, dct('spatial'), place);
  g.add(set, dct('spatial'), g.typed(EU_COUNTRY('UKR'), dct('Location')));
}

function dataset(g: Graph, input: CatalogInput, d: ContentDocument<'dataRepo'>, agent: Quad_Subject): Quad_Subject {
  const page = `${input.origin}/data_repo/${encodeURIComponent(d.slug)}`;
  const set = g.typed(namedNode(datasetIri(input.origin, d.slug)), dcat('Dataset'));
  const lang = workLanguage(d);
  g.add(set, dct('title'), literal(d.title, lang));
  g.add(set, dct('description'), literal(datasetDescription(d.summary, d.body), lang));
  g.add(set, dct('identifier'), literal(d.doi ? `https://doi.org/${d.doi}` : page));
  g.add(set, dct('publisher'), agent);
  g.add(set, dcat('contactPoint'), contactPoint(g, input.contactEmail));
  g.add(set, dcat('landingPage'), g.typed(namedNode(page), foaf('Document')));
  g.add(set, dct('language'), g.typed(EU_LANGUAGE(EU_LANGUAGE_CODES[lang]), dct('LinguisticSystem')));
  for (const k of d.keywords) g.add(set, dcat('keyword'), literal(k, lang));
  const version = datasetVersionOf(d);
  if (version) g.add(set, dcat('version'), literal(version));
  const dates = d.versions.map((v) => v.date).sort();
  if (dates.length) {
    g.add(set, dct('issued'), literal(dates[0]!, xsd('date')));
    g.add(set, dct('modified'), literal(dates.at(-1)!, xsd('date')));
  }
  if (d.articleDoi) g.add(set, dct('isReferencedBy'), namedNode(`https://doi.org/${d.articleDoi}`));
  if (d.doi) g.add(set, adms('identifier'), namedNode(`https://doi.org/${d.doi}`));
  coverage(g, set, d);
  const licenceNode = d.licence ? licence(g, d.licence) : null;
  for (const f of d.files) {
    const url = new URL(f.url, `${input.origin}/`).href;
    const facts = input.files.get(f.path);
    g.add(
      set,
      dcat('distribution'),
      distribution(g, { title: f.name, url, mediaType: f.contentType, size: f.size, facts }, licenceNode),
    );
  }
  const archive = input.archives.get(d.slug);
  if (archive) {
    const url = `${input.origin}/data_repo/${encodeURIComponent(d.slug)}.zip`;
    const title = `${d.slug}.zip`;
    g.add(
      set,
      dcat('distribution'),
      distribution(g, { title, url, mediaType: 'application/zip', size: archive.size, facts: archive }, licenceNode),
    );
  }
  return set;
}

/** The catalogue's RDF graph. */
export function catalogGraph(input: CatalogInput): Store {
  const g = new Graph();
  const agent = publisher(g, input.origin);
  const catalog = g.typed(namedNode(catalogIri(input.origin)), dcat('Catalog'));
  g.add(catalog, dct('title'), literal(`Репозитарій даних ${INSTITUTE.nameGenitive}`, 'uk'));
  g.add(catalog, dct('title'), literal(`${INSTITUTE.nameEn} data repository`, 'en'));
  g.add(
    catalog,
    dct('description'),
    literal(
      'Відкриті кліматичні набори даних інституту: станційні ряди та сіткові масиви для території України.',
      'uk',
    ),
  );
  g.add(catalog, dct('publisher'), agent);
  g.add(catalog, foaf('homepage'), g.typed(namedNode(`${input.origin}/data_repo`), foaf('Document')));
  g.add(catalog, dct('language'), g.typed(EU_LANGUAGE('UKR'), dct('LinguisticSystem')));
  g.add(catalog, dct('spatial'), g.typed(EU_COUNTRY('UKR'), dct('Location')));
  const modified = input.datasets
    .map((d) => d.updatedAt.slice(0, 10))
    .sort()
    .at(-1);
  if (modified) g.add(catalog, dct('modified'), literal(modified, xsd('date')));
  for (const d of input.datasets) g.add(catalog, dcat('dataset'), dataset(g, input, d, agent));
  return g.store;
}
