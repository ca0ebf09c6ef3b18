/**
 * schema.org structured data (JSON-LD) for each kind of page, typed with schema-dts and filled after
 * Google's documented required and recommended properties (Organization, BreadcrumbList, Article,
 * Event, Dataset; ScholarlyArticle and PublicationIssue after schema.org). Pure functions of the
 * page's documents and its URL.
 */
import type {
  BreadcrumbList,
  ContactPoint,
  CreativeWork,
  DataDownload,
  Dataset,
  Event,
  EventAttendanceModeEnumeration,
  MediaObject,
  NewsArticle,
  Organization,
  Person,
  Place,
  PostalAddress,
  PublicationIssue,
  ScholarlyArticle,
  Thing,
  VirtualLocation,
  WithContext,
} from 'schema-dts';
import type { PublicDocument, PublicListItemFor } from '../../../shared/content/registry';
import type { HeadSource } from '../../../shared/head/sources';
import { trainingPermalink } from '../../../shared/routes';
import {
  absoluteUrl,
  articleAnchor,
  articleDoiOf,
  conferenceAttendance,
  datasetDescription,
  datasetVersionOf,
  type HeadContext,
  internationalPhone,
  licenceUrl,
  plainText,
  workLanguage,
} from '../../../shared/head/text';
import {
  DEFAULT_SHARE_IMAGE,
  JOURNAL_NAME,
  LOGO_PNG,
  SITE_NAME,
  SITE_SHORT_NAME,
} from '../../../shared/head/siteFacts';

/** The institute as an organisation node (publisher, organizer, creator). */
function institute(ctx: HeadContext) {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    alternateName: SITE_SHORT_NAME,
    url: `${ctx.origin}/`,
    logo: absoluteUrl(LOGO_PNG, ctx),
  } as const satisfies Organization;
}

function imageOf(cover: { url: string } | null | undefined, ctx: HeadContext): string[] {
  return [absoluteUrl(cover?.url || DEFAULT_SHARE_IMAGE.url, ctx)];
}

function people(authors: Array<{ name: string; affiliation?: string }>): Person[] {
  return authors.map((a) => ({
    '@type': 'Person',
    name: a.name,
    ...(a.affiliation ? { affiliation: { '@type': 'Organization', name: a.affiliation } } : {}),
  }));
}

/** Authors named by name only as people; none: the institute (`institution`) is the author. */
function authorsOrInstitute(names: string[], institution: Organization): Array<Person | Organization> {
  return names.length ? names.map((name): Person => ({ '@type': 'Person', name })) : [institution];
}

/** The `encoding` of a work with a PDF (its URL made absolute); none without one. */
function pdfEncoding(pdf: { url: string } | null | undefined, ctx: HeadContext): { encoding?: MediaObject } {
  return pdf
    ? { encoding: { '@type': 'MediaObject', contentUrl: absoluteUrl(pdf.url, ctx), encodingFormat: 'application/pdf' } }
    : {};
}

const ATTENDANCE: Record<'offline' | 'online' | 'hybrid', EventAttendanceModeEnumeration> = {
  offline: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  hybrid: 'https://schema.org/MixedEventAttendanceMode',
};

/** Where an event happens: a place, an online location, or both for a hybrid event. */
function eventLocation(
  format: 'offline' | 'online' | 'hybrid',
  place: string,
  onlineUrl: string,
  ctx: HeadContext,
): Place | VirtualLocation | Array<Place | VirtualLocation> {
  const physical: Place = { '@type': 'Place', name: place || SITE_NAME, address: place || SITE_NAME };
  const virtual: VirtualLocation = { '@type': 'VirtualLocation', url: absoluteUrl(onlineUrl, ctx) };
  if (format === 'online') return virtual;
  if (format === 'hybrid') return [physical, virtual];
  return physical;
}

function organization(
  source: Extract<HeadSource, { kind: 'organization' }>,
  ctx: HeadContext,
): WithContext<Organization> {
  const withAddress = source.contacts.find((c) => c.address);
  const first = source.contacts.find((c) => c.phones.length || c.email);
  const contactPoint: ContactPoint[] = source.contacts
    .filter((c) => c.phones.length || c.email)
    .map((c) => ({
      '@type': 'ContactPoint',
      contactType: c.title,
      ...(c.phones[0] ? { telephone: internationalPhone(c.phones[0]) } : {}),
      ...(c.email ? { email: c.email } : {}),
      areaServed: 'UA',
      availableLanguage: ['uk'],
    }));
  return {
    '@context': 'https://schema.org',
    ...institute(ctx),
    ...(withAddress ? { address: postalAddress(withAddress.address) } : {}),
    ...(first?.phones[0] ? { telephone: internationalPhone(first.phones[0]) } : {}),
    ...(first?.email ? { email: first.email } : {}),
    contactPoint,
  };
}

/**
 * «просп. Науки, 37, Київ, 03028, кімната 201» → street, locality and postal code: the locality is
 * the part before the five-digit postal code; what follows the code (a room) is left out.
 */
export function postalAddress(text: string): PostalAddress {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const code = parts.findIndex((p) => /^\d{5}$/.test(p));
  if (code < 2) return { '@type': 'PostalAddress', streetAddress: text, addressCountry: 'UA' };
  return {
    '@type': 'PostalAddress',
    streetAddress: parts.slice(0, code - 1).join(', '),
    addressLocality: parts[code - 1],
    postalCode: parts[code],
    addressCountry: 'UA',
  };
}

function breadcrumbs(
  source: Extract<HeadSource, { kind: 'breadcrumbs' }>,
  ctx: HeadContext,
): WithContext<BreadcrumbList> {
  const trail = [{ label: 'Головна', to: '/' }, ...source.crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: i === trail.length - 1 || !c.to ? ctx.url : absoluteUrl(c.to, ctx),
    })),
  };
}

function newsArticle(item: PublicDocument<'news'>, ctx: HeadContext): WithContext<NewsArticle> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: item.title,
    description: item.summary || plainText(item.body, 300),
    datePublished: item.date,
    dateModified: item.updatedAt > item.date ? item.updatedAt : item.date,
    image: imageOf(item.cover, ctx),
    author: [institute(ctx)],
    publisher: institute(ctx),
    mainEntityOfPage: ctx.url,
    inLanguage: 'uk',
    ...(item.tags.length ? { keywords: item.tags.join(', ') } : {}),
  };
}

type AttendanceFormat = keyof typeof ATTENDANCE;

/**
 * An Event (a training or a conference): `format` and `place` make its location, `onlineUrl` the URL
 * of its online part; `url` is the event's page.
 */
function event(
  e: {
    title: string;
    summary: string;
    body: string;
    startDate: string;
    endDate: string;
    cover: { url: string } | null | undefined;
  },
  at: { format: AttendanceFormat; place: string; onlineUrl: string; url: string },
  organizer: Organization | Organization[],
  ctx: HeadContext,
): WithContext<Event> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.summary || plainText(e.body, 500),
    startDate: e.startDate,
    endDate: e.endDate,
    eventAttendanceMode: ATTENDANCE[at.format],
    eventStatus: 'https://schema.org/EventScheduled',
    location: eventLocation(at.format, at.place, at.onlineUrl, ctx),
    organizer,
    image: imageOf(e.cover, ctx),
    url: at.url,
    inLanguage: 'uk',
  };
}

function trainingEvent(t: PublicListItemFor<'trainings'>, ctx: HeadContext): WithContext<Event> {
  const url = absoluteUrl(trainingPermalink(t.slug), ctx);
  return event(
    t,
    { format: t.format, place: t.location, onlineUrl: t.registrationUrl || url, url },
    institute(ctx),
    ctx,
  );
}

function conferenceEvent(c: PublicDocument<'conferences'>, ctx: HeadContext): WithContext<Event> {
  const organizer = c.organizers
    ? [
        institute(ctx),
        ...c.organizers
          .split(/;\s*/)
          .filter(Boolean)
          .map((name): Organization => ({ '@type': 'Organization', name })),
      ]
    : institute(ctx);
  const at = { format: conferenceAttendance(c.location), place: c.location, url: ctx.url };
  return event(c, { ...at, onlineUrl: c.registrationUrl || ctx.url }, organizer, ctx);
}

function publicationArticle(p: PublicDocument<'publications'>, ctx: HeadContext): WithContext<ScholarlyArticle> {
  const pdf = p.attachments.find((f) => f.contentType === 'application/pdf');
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: p.title,
    name: p.title,
    description: p.summary || plainText(p.body, 500),
    author: authorsOrInstitute(p.authors, institute(ctx)),
    datePublished: String(p.year),
    publisher: p.publisher ? { '@type': 'Organization', name: p.publisher } : institute(ctx),
    image: imageOf(p.cover, ctx),
    url: ctx.url,
    inLanguage: workLanguage(p),
    ...(p.doi ? { identifier: `https://doi.org/${p.doi}`, sameAs: `https://doi.org/${p.doi}` } : {}),
    ...pdfEncoding(pdf, ctx),
  };
}

/**
 * A development (a model, method, web resource or atlas): a CreativeWork, the type that fits them
 * all (SoftwareApplication would claim an operating system and a category for a method or an atlas).
 */
function developmentWork(
  source: Extract<HeadSource, { kind: 'development' }>,
  ctx: HeadContext,
): WithContext<CreativeWork> {
  const d = source.item;
  const institution = institute(ctx);
  const webLinks = d.links.map((l) => absoluteUrl(l.href, ctx)).filter((url) => /^https?:/.test(url));
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: d.title,
    headline: d.title,
    description: d.summary || plainText(d.body, 500),
    author: authorsOrInstitute(d.authors, institution),
    creator: source.department
      ? {
          '@type': 'Organization',
          name: source.department.title,
          url: absoluteUrl(source.department.url, ctx),
          parentOrganization: institution,
        }
      : institution,
    publisher: institution,
    dateCreated: String(d.year),
    image: imageOf(d.cover, ctx),
    url: ctx.url,
    inLanguage: 'uk',
    ...(webLinks.length ? { sameAs: webLinks } : {}),
  };
}

function thesisArticle(
  t: PublicDocument<'theses'>,
  conf: PublicDocument<'conferences'>,
  ctx: HeadContext,
): WithContext<ScholarlyArticle> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: t.title,
    name: t.title,
    description: t.summary || plainText(t.body, 500),
    author: people(t.authors),
    datePublished: conf.startDate,
    publisher: institute(ctx),
    image: imageOf(conf.cover, ctx),
    url: ctx.url,
    inLanguage: workLanguage(t),
    isPartOf: {
      '@type': 'CreativeWork',
      name: `Матеріали конференції «${conf.title}»`,
      url: absoluteUrl(`/conf/${conf.slug}`, ctx),
    },
    ...(t.keywords.length ? { keywords: t.keywords.join(', ') } : {}),
    ...pdfEncoding(t.pdf, ctx),
  };
}

function journalIssue(issue: PublicDocument<'journal'>, ctx: HeadContext): WithContext<PublicationIssue> {
  return {
    '@context': 'https://schema.org',
    '@type': 'PublicationIssue',
    name: issue.title,
    issueNumber: String(issue.number),
    datePublished: String(issue.year),
    description: issue.summary || `${JOURNAL_NAME}, ${issue.year}, том ${issue.volume}, № ${issue.number}`,
    image: imageOf(issue.cover, ctx),
    url: ctx.url,
    inLanguage: 'uk',
    isPartOf: {
      '@type': 'PublicationVolume',
      volumeNumber: String(issue.volume),
      isPartOf: {
        '@type': 'Periodical',
        name: JOURNAL_NAME,
        publisher: institute(ctx),
        inLanguage: 'uk',
        url: absoluteUrl('/journal', ctx),
      },
    },
    ...pdfEncoding(issue.pdf, ctx),
    hasPart: issue.toc.map((entry, i): ScholarlyArticle => ({
      '@type': 'ScholarlyArticle',
      url: `${ctx.url}#${articleAnchor(i + 1)}`,
      headline: entry.title,
      name: entry.title,
      author: people(entry.authors),
      ...(entry.pages ? { pagination: entry.pages } : {}),
      ...(entry.doi ? { sameAs: `https://doi.org/${entry.doi}` } : {}),
    })),
  };
}

/** Ukraine's bounding box (south west north east, WGS 84) for a dataset's spatial coverage. */
const UKRAINE: Place = {
  '@type': 'Place',
  name: 'Україна',
  geo: { '@type': 'GeoShape', box: '44.38 22.14 52.38 40.23' },
};

function dataset(d: PublicDocument<'dataRepo'>, ctx: HeadContext): WithContext<Dataset> {
  const archive: DataDownload = {
    '@type': 'DataDownload',
    name: `${d.slug}.zip`,
    contentUrl: absoluteUrl(`/data_repo/${d.slug}.zip`, ctx),
    encodingFormat: 'application/zip',
  };
  const files = d.files.map((f): DataDownload => ({
    '@type': 'DataDownload',
    name: f.name,
    contentUrl: absoluteUrl(f.url, ctx),
    encodingFormat: f.contentType,
  }));
  const version = datasetVersionOf(d);
  const licence = licenceUrl(d.licence);
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: d.title,
    description: datasetDescription(d.summary, d.body),
    url: ctx.url,
    identifier: d.doi ? `https://doi.org/${d.doi}` : ctx.url,
    ...(d.doi ? { sameAs: `https://doi.org/${d.doi}` } : {}),
    creator: institute(ctx),
    publisher: institute(ctx),
    ...(licence ? { license: licence } : {}),
    isAccessibleForFree: true,
    ...(d.periodStart && d.periodEnd ? { temporalCoverage: `${d.periodStart}/${d.periodEnd}` } : {}),
    spatialCoverage: UKRAINE,
    distribution: [archive, ...files],
    ...(version ? { version } : {}),
    // How to cite it: the text the page shows, and the article that describes it.
    ...(d.citation || articleDoiOf(d)
      ? { citation: [d.citation, articleDoiOf(d) ? `https://doi.org/${articleDoiOf(d)}` : ''].filter(Boolean) }
      : {}),
    ...(d.variables.length ? { variableMeasured: d.variables.map((v) => v.name) } : {}),
    inLanguage: workLanguage(d),
    includedInDataCatalog: {
      '@type': 'DataCatalog',
      name: `Репозитарій даних ${SITE_SHORT_NAME}`,
      url: absoluteUrl('/data_repo', ctx),
    },
  };
}

/** The JSON-LD of a head source: one node, or a list of them (the events of /Trainings). */
export function jsonLdOf(source: HeadSource, ctx: HeadContext): Thing | Thing[] | null {
  switch (source.kind) {
    case 'organization':
      return organization(source, ctx);
    case 'breadcrumbs':
      return breadcrumbs(source, ctx);
    case 'news':
      return newsArticle(source.item, ctx);
    case 'trainings':
      return source.items.length ? source.items.map((t) => trainingEvent(t, ctx)) : null;
    case 'conference':
      return conferenceEvent(source.item, ctx);
    case 'thesis':
      return thesisArticle(source.item, source.conference, ctx);
    case 'publication':
      return publicationArticle(source.item, ctx);
    case 'development':
      return developmentWork(source, ctx);
    case 'journalIssue':
      return journalIssue(source.item, ctx);
    case 'dataset':
      return dataset(source.item, ctx);
  }
}
