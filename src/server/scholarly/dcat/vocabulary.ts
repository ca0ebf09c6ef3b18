/** The RDF vocabularies of the DCAT-AP catalogue, as n3 named-node makers. */
import { DataFactory } from 'n3';
import type { ContentLanguage } from '../../../shared/content/language';

const ns =
  (base: string) =>
  (local: string): ReturnType<typeof DataFactory.namedNode> =>
    DataFactory.namedNode(`${base}${local}`);

export const PREFIXES = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  spdx: 'http://spdx.org/rdf/terms#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  locn: 'http://www.w3.org/ns/locn#',
  gsp: 'http://www.opengis.net/ont/geosparql#',
  adms: 'http://www.w3.org/ns/adms#',
} as const;

export const dcat = ns(PREFIXES.dcat);
export const dct = ns(PREFIXES.dct);
export const foaf = ns(PREFIXES.foaf);
export const vcard = ns(PREFIXES.vcard);
export const spdx = ns(PREFIXES.spdx);
export const xsd = ns(PREFIXES.xsd);
export const rdf = ns(PREFIXES.rdf);
export const locn = ns(PREFIXES.locn);
export const gsp = ns(PREFIXES.gsp);
export const adms = ns(PREFIXES.adms);

/** The EU Publications Office's authority tables DCAT-AP recommends. */
export const EU_LANGUAGE = (code: string) =>
  DataFactory.namedNode(`http://publications.europa.eu/resource/authority/language/${code}`);
/** The EU language authority's three-letter codes of the content languages. */
export const EU_LANGUAGE_CODES: Record<ContentLanguage, string> = { uk: 'UKR', en: 'ENG' };
export const EU_COUNTRY = (code: string) =>
  DataFactory.namedNode(`http://publications.europa.eu/resource/authority/country/${code}`);
/** An IANA media type as an IRI. */
export const IANA_MEDIA_TYPE = (type: string) =>
  DataFactory.namedNode(`https://www.iana.org/assignments/media-types/${type}`);
