/**
 * DataCite Metadata Schema 4.5 XML (https://schema.datacite.org/meta/kernel-4.5/) from a plain
 * record: pure, no I/O, so the dataset download and an OAI-PMH `oai_datacite` answer share it.
 * `dataciteResource` gives the `<resource>` element alone (to embed), `dataciteXml` the whole file.
 * Validated against the kernel-4.5 XSD in tests/integration/datacite.test.ts.
 */
import { orcidUrl, rorUrl } from '../../shared/content/scholarlyFields';
import { el, optional, textEl, XML_DECLARATION, type Child } from './xmlTree';

export const DATACITE_NAMESPACE = 'http://datacite.org/schema/kernel-4';
export const DATACITE_SCHEMA_LOCATION = 'https://schema.datacite.org/meta/kernel-4.5/metadata.xsd';

/** An organisation a person belongs to (ROR id bare, e.g. `05xq5s871`). */
export interface DataciteAffiliation {
  name: string;
  ror?: string;
}

/** A creator or contributor: a person (family and given names, ORCID) or an organisation (ROR). */
export interface DataciteName {
  name: string;
  nameType: 'Personal' | 'Organizational';
  givenName?: string;
  familyName?: string;
  /** Bare ORCID iD of a person. */
  orcid?: string;
  /** Bare ROR id of an organisation. */
  ror?: string;
  affiliations?: DataciteAffiliation[];
}

export interface DataciteRecord {
  /** A DOI (bare, `10.…`) when registered, else the landing page URL. */
  identifier: { type: 'DOI' | 'URL'; value: string };
  creators: DataciteName[];
  /** The main title first; `lang` is a BCP 47 tag. */
  titles: Array<{ title: string; lang: string; type?: 'AlternativeTitle' | 'Subtitle' | 'TranslatedTitle' }>;
  publisher: { name: string; ror?: string; lang: string };
  publicationYear: number;
  resourceType: {
    general: 'Dataset' | 'Text' | 'JournalArticle' | 'ConferencePaper' | 'Book' | 'Report';
    text: string;
  };
  subjects: Array<{ subject: string; lang?: string; scheme?: string; schemeUri?: string; valueUri?: string }>;
  contributors: Array<DataciteName & { type: 'HostingInstitution' | 'ContactPerson' | 'Distributor' | 'DataCurator' }>;
  /** Dates as `YYYY`, `YYYY-MM-DD` or a range `start/end`. */
  dates: Array<{
    date: string;
    type: 'Issued' | 'Updated' | 'Collected' | 'Created' | 'Available' | 'Other';
    information?: string;
  }>;
  language: string;
  alternateIdentifiers: Array<{ value: string; type: string }>;
  relatedIdentifiers: Array<{
    value: string;
    type: 'DOI' | 'URL';
    relation:
      | 'IsDescribedBy'
      | 'IsPartOf'
      | 'HasPart'
      | 'IsNewVersionOf'
      | 'IsPreviousVersionOf'
      | 'HasVersion'
      | 'IsVersionOf'
      | 'References'
      | 'IsSupplementTo';
    resourceTypeGeneral?: string;
  }>;
  /** Free-text sizes («123456 bytes», «3 files»). */
  sizes: string[];
  /** Media types. */
  formats: string[];
  version?: string;
  rights: Array<{ text: string; uri?: string; spdx?: string; lang?: string }>;
  descriptions: Array<{ text: string; type: 'Abstract' | 'Methods' | 'TechnicalInfo' | 'Other'; lang: string }>;
  /** Bounding boxes in decimal degrees (WGS 84), with an optional place name. */
  geoBoxes: Array<{ place?: string; west: number; east: number; south: number; north: number }>;
  funding: Array<{ funderName: string; funderRor?: string; awardNumber?: string; awardTitle?: string }>;
}

function nameParts(n: DataciteName, nameTag: 'creatorName' | 'contributorName'): Child[] {
  return [
    textEl(nameTag, { nameType: n.nameType }, n.name),
    n.givenName ? textEl('givenName', {}, n.givenName) : '',
    n.familyName ? textEl('familyName', {}, n.familyName) : '',
    n.orcid
      ? textEl('nameIdentifier', { nameIdentifierScheme: 'ORCID', schemeURI: 'https://orcid.org' }, orcidUrl(n.orcid))
      : '',
    n.ror ? textEl('nameIdentifier', { nameIdentifierScheme: 'ROR', schemeURI: 'https://ror.org' }, rorUrl(n.ror)) : '',
    ...(n.affiliations ?? []).map((a) =>
      textEl(
        'affiliation',
        a.ror
          ? { affiliationIdentifier: rorUrl(a.ror), affiliationIdentifierScheme: 'ROR', schemeURI: 'https://ror.org' }
          : {},
        a.name,
      ),
    ),
  ];
}

function people(r: DataciteRecord): string[] {
  return [
    el('creators', {}, ...r.creators.map((c) => el('creator', {}, ...nameParts(c, 'creatorName')))),
    optional(
      'contributors',
      {},
      r.contributors.map((c) => el('contributor', { contributorType: c.type }, ...nameParts(c, 'contributorName'))),
    ),
  ];
}

function descriptive(r: DataciteRecord): string[] {
  return [
    el('titles', {}, ...r.titles.map((t) => textEl('title', { 'xml:lang': t.lang, titleType: t.type }, t.title))),
    textEl(
      'publisher',
      {
        'xml:lang': r.publisher.lang,
        ...(r.publisher.ror
          ? {
              publisherIdentifier: rorUrl(r.publisher.ror),
              publisherIdentifierScheme: 'ROR',
              schemeURI: 'https://ror.org/',
            }
          : {}),
      },
      r.publisher.name,
    ),
    textEl('publicationYear', {}, r.publicationYear),
    textEl('resourceType', { resourceTypeGeneral: r.resourceType.general }, r.resourceType.text),
    optional(
      'subjects',
      {},
      r.subjects.map((s) =>
        textEl(
          'subject',
          { 'xml:lang': s.lang, subjectScheme: s.scheme, schemeURI: s.schemeUri, valueURI: s.valueUri },
          s.subject,
        ),
      ),
    ),
    optional(
      'dates',
      {},
      r.dates.map((d) => textEl('date', { dateType: d.type, dateInformation: d.information }, d.date)),
    ),
    textEl('language', {}, r.language),
    optional(
      'descriptions',
      {},
      r.descriptions.map((d) => textEl('description', { 'xml:lang': d.lang, descriptionType: d.type }, d.text)),
    ),
  ];
}

function links(r: DataciteRecord): string[] {
  return [
    optional(
      'alternateIdentifiers',
      {},
      r.alternateIdentifiers.map((a) => textEl('alternateIdentifier', { alternateIdentifierType: a.type }, a.value)),
    ),
    optional(
      'relatedIdentifiers',
      {},
      r.relatedIdentifiers.map((ri) =>
        textEl(
          'relatedIdentifier',
          { relatedIdentifierType: ri.type, relationType: ri.relation, resourceTypeGeneral: ri.resourceTypeGeneral },
          ri.value,
        ),
      ),
    ),
    optional(
      'sizes',
      {},
      r.sizes.map((s) => textEl('size', {}, s)),
    ),
    optional(
      'formats',
      {},
      r.formats.map((f) => textEl('format', {}, f)),
    ),
    r.version ? textEl('version', {}, r.version) : '',
    optional(
      'rightsList',
      {},
      r.rights.map((x) =>
        textEl(
          'rights',
          {
            'xml:lang': x.lang,
            rightsURI: x.uri,
            ...(x.spdx
              ? { rightsIdentifier: x.spdx, rightsIdentifierScheme: 'SPDX', schemeURI: 'https://spdx.org/licenses/' }
              : {}),
          },
          x.text,
        ),
      ),
    ),
  ];
}

function places(r: DataciteRecord): string[] {
  return [
    optional(
      'geoLocations',
      {},
      r.geoBoxes.map((b) =>
        el(
          'geoLocation',
          {},
          b.place ? textEl('geoLocationPlace', {}, b.place) : '',
          el(
            'geoLocationBox',
            {},
            textEl('westBoundLongitude', {}, b.west),
            textEl('eastBoundLongitude', {}, b.east),
            textEl('southBoundLatitude', {}, b.south),
            textEl('northBoundLatitude', {}, b.north),
          ),
        ),
      ),
    ),
    optional(
      'fundingReferences',
      {},
      r.funding.map((f) =>
        el(
          'fundingReference',
          {},
          textEl('funderName', {}, f.funderName),
          f.funderRor
            ? textEl(
                'funderIdentifier',
                { funderIdentifierType: 'ROR', schemeURI: 'https://ror.org' },
                rorUrl(f.funderRor),
              )
            : '',
          f.awardNumber ? textEl('awardNumber', {}, f.awardNumber) : '',
          f.awardTitle ? textEl('awardTitle', {}, f.awardTitle) : '',
        ),
      ),
    ),
  ];
}

/** The `<resource>` element (namespaced, with its schema location), to embed or to serve. */
export function dataciteResource(r: DataciteRecord): string {
  return el(
    'resource',
    {
      xmlns: DATACITE_NAMESPACE,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xsi:schemaLocation': `${DATACITE_NAMESPACE} ${DATACITE_SCHEMA_LOCATION}`,
    },
    textEl('identifier', { identifierType: r.identifier.type }, r.identifier.value),
    ...people(r),
    ...descriptive(r),
    ...links(r),
    ...places(r),
  );
}

/** The record as a standalone XML file (declaration included). */
export function dataciteXml(r: DataciteRecord): string {
  return `${XML_DECLARATION}${dataciteResource(r)}\n`;
}
