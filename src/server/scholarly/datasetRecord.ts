/**
 * A data repository entry (dataRepo) as a DataCite record: its creators (the institute when none are
 * named), versions as dates, files as sizes and formats, licence, box, funding and the article that
 * describes it.
 */
import type { ContentDocument } from '../../shared/content/registry';
import type { Creator } from '../../shared/content/scholarlyFields';
import { datasetDescription, datasetVersionOf, licenceUrl, workLanguage } from '../../shared/head/text';
import { cslName } from '../cite/names';
import type { DataciteName, DataciteRecord } from './datacite';
import { datasetBox, INSTITUTE, licenceOf } from './institute';

const ORGANISATION =
  /інститут|центр|університет|академі|обсерваторі|служб|institute|cent(er|re)|university|academy|observatory|service/i;

/** A named creator: a person (split into family and given names where written «Прізвище, Ім’я») or an organisation. */
export function creatorName(c: Creator): DataciteName {
  const affiliations = c.affiliation
    ? [{ name: c.affiliation, ...(c.affiliationRor ? { ror: c.affiliationRor } : {}) }]
    : [];
  const parsed = cslName(c.name);
  if ('family' in parsed)
    return {
      name: c.name,
      nameType: 'Personal',
      familyName: parsed.family,
      givenName: parsed.given,
      orcid: c.orcid || undefined,
      affiliations,
    };
  if (!c.orcid && ORGANISATION.test(c.name))
    return { name: c.name, nameType: 'Organizational', ror: c.affiliationRor || undefined };
  return { name: c.name, nameType: 'Personal', orcid: c.orcid || undefined, affiliations };
}

const instituteName = (): DataciteName => ({
  name: INSTITUTE.name,
  nameType: 'Organizational',
  ror: INSTITUTE.ror || undefined,
});

function versionDates(d: ContentDocument<'dataRepo'>): DataciteRecord['dates'] {
  const versions = [...d.versions].sort((a, b) => a.date.localeCompare(b.date));
  const dates: DataciteRecord['dates'] = versions.map((v, i) => ({
    date: v.date,
    type: i === 0 ? 'Issued' : 'Updated',
    information: `версія ${v.version}`,
  }));
  if (!dates.length) dates.push({ date: d.createdAt.slice(0, 10), type: 'Issued' });
  if (d.periodStart && d.periodEnd) dates.push({ date: `${d.periodStart}/${d.periodEnd}`, type: 'Collected' });
  return dates;
}

/** The date a dataset was first released (YYYY-MM-DD): its DataCite `Issued` date and publication year. */
export function datasetIssued(d: ContentDocument<'dataRepo'>): string {
  return versionDates(d)[0]!.date;
}

/**
 * The DataCite record of a dataset whose page is `pageUrl` (absolute) on the site at `origin`. Its
 * `language`, and that of its own texts (title, descriptions, keywords, variables), is the dataset's
 * (workLanguage, as its citation files, JSON-LD and DCAT say); the institute's texts stay Ukrainian.
 */
export function datasetDatacite(d: ContentDocument<'dataRepo'>, origin: string, pageUrl: string): DataciteRecord {
  const lang = workLanguage(d);
  const dates = versionDates(d);
  const formats = [...new Set(d.files.map((f) => f.contentType).filter(Boolean)), 'application/zip'];
  const bytes = d.files.reduce((sum, f) => sum + f.size, 0);
  const licence = d.licence ? licenceOf(d.licence, licenceUrl(d.licence)) : undefined;
  const technical = [d.spatialResolution, d.temporalResolution, d.format].filter(Boolean).join('; ');
  return {
    identifier: d.doi ? { type: 'DOI', value: d.doi } : { type: 'URL', value: pageUrl },
    creators: d.creators.length ? d.creators.map(creatorName) : [instituteName()],
    titles: [{ title: d.title, lang }],
    publisher: { name: INSTITUTE.name, lang: 'uk', ...(INSTITUTE.ror ? { ror: INSTITUTE.ror } : {}) },
    publicationYear: Number(dates[0]!.date.slice(0, 4)),
    resourceType: { general: 'Dataset', text: 'Кліматичний набір даних' },
    subjects: [
      {
        subject: 'FOS: Earth and related environmental sciences',
        lang: 'en',
        scheme: 'Fields of Science and Technology (FOS)',
        schemeUri: 'http://www.oecd.org/science/inno/38235147.pdf',
      },
      ...d.keywords.map((k) => ({ subject: k, lang })),
      ...d.variables.map((v) => ({ subject: v.description || v.name, lang })),
    ],
    contributors: [{ ...instituteName(), type: 'HostingInstitution' }],
    dates,
    language: lang,
    alternateIdentifiers: d.doi ? [{ value: pageUrl, type: 'URL' }] : [],
    relatedIdentifiers: [
      ...(d.articleDoi
        ? [
            {
              value: d.articleDoi,
              type: 'DOI' as const,
              relation: 'IsDescribedBy' as const,
              resourceTypeGeneral: 'JournalArticle',
            },
          ]
        : []),
      { value: `${origin}/data_repo`, type: 'URL', relation: 'IsPartOf', resourceTypeGeneral: 'Collection' },
    ],
    sizes: d.files.length ? [`${bytes} bytes`, `${d.files.length} files`] : [],
    formats,
    ...(datasetVersionOf(d) ? { version: datasetVersionOf(d) } : {}),
    rights: d.licence ? [{ text: d.licence, lang: 'uk', ...licence }] : [],
    descriptions: [
      { text: datasetDescription(d.summary, d.body), type: 'Abstract', lang },
      ...(technical ? [{ text: technical, type: 'TechnicalInfo' as const, lang }] : []),
    ],
    geoBoxes: [datasetBox(d)],
    funding: d.funding.map((f) => ({
      funderName: f.funderName,
      funderRor: f.funderRor || undefined,
      awardNumber: f.awardNumber || undefined,
      awardTitle: f.awardTitle || undefined,
    })),
  };
}
