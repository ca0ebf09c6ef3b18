/** Data repository entries (climate datasets): /data_repo and /data_repo/{slug}. */
import { z } from 'zod';
import { DATA_REPO_FIXED_SLUGS } from '../constants';
import { defineContentType, legacyPublishableFields } from '../define';
import {
  dataFilesSchema,
  doiSchema,
  languageSchema,
  linkSchema,
  orderField,
  requiredDate,
  requiredText,
  richTextSchema,
  text,
} from '../fields';
import { datasetVersionRule } from '../datasetVersionRule';
import { datasetVersionPath, datasetVersions, type VersionedDataset } from '../datasetVersions';
import { LANGUAGE_FIELDS } from '../language';
import { coordinate, creatorSchema, fundingSchema } from '../scholarlyFields';

/**
 * A version label is part of its page's address: no «/», «?», «#» or «%», and not «.» or «..»
 * (clients normalise those path segments away, so the page could not be reached).
 */
const versionLabel = (schema: z.ZodString) =>
  schema
    .regex(/^[^/?#%]*$/, 'Версія не може містити символів / ? # %')
    .regex(/^(?!\.{1,2}$)/, 'Версія не може бути «.» або «..»');

export const dataRepo = defineContentType({
  key: 'dataRepo',
  adminSection: 'DataRepo',
  labels: { singular: 'Набір даних', plural: 'Репозитарій даних' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...legacyPublishableFields,
    // Its own name for the title field, so a message under it names the right field.
    title: requiredText(300, 'Назва набору даних'),
    order: orderField(),
    /** The dataset's authors (DataCite creators); none means the institute itself. */
    creators: z.array(creatorSchema).max(50).default([]).meta({ label: 'Автори набору', widget: 'objectList' }),
    keywords: z.array(text(80, 'Ключове слово')).max(30).default([]).meta({ label: 'Ключові слова', widget: 'tags' }),
    /** Spatial coverage as a bounding box in decimal degrees (WGS 84); unset means all of Ukraine. */
    bboxWest: coordinate('Західна межа (довгота)', 180),
    bboxEast: coordinate('Східна межа (довгота)', 180),
    bboxSouth: coordinate('Південна межа (широта)', 90),
    bboxNorth: coordinate('Північна межа (широта)', 90),
    funding: z.array(fundingSchema).max(20).default([]).meta({ label: 'Фінансування', widget: 'objectList' }),
    variables: z
      .array(
        z.object({
          name: requiredText(200, 'Змінна'),
          unit: text(40, 'Одиниці').default(''),
          description: text(500, 'Опис').default(''),
        }),
      )
      .max(50)
      .default([])
      .meta({ label: 'Змінні', widget: 'objectList' }),
    periodStart: text(20, 'Початок періоду').default(''),
    periodEnd: text(20, 'Кінець періоду').default(''),
    spatialResolution: text(200, 'Просторова роздільність').default(''),
    temporalResolution: text(200, 'Часова роздільність').default(''),
    format: text(200, 'Формат').default(''),
    licence: text(300, 'Ліцензія').default(''),
    citation: text(2000, 'Як цитувати').default(''),
    /** The language of the citation (a dataset published with an English article is cited in English). */
    citationLanguage: languageSchema.meta({ label: 'Мова цитування' }),
    /** The dataset's own DOI (or other persistent identifier), never its article's. */
    doi: doiSchema('DOI набору даних'),
    /** The DOI of the article that describes the dataset. */
    articleDoi: doiSchema('DOI статті про набір'),
    /**
     * The dataset's own version («2.0»). Not `version`: the API puts the store's revision number
     * there (ContentService.toApi), which the admin's optimistic concurrency relies on.
     */
    datasetVersion: versionLabel(text(40, 'Версія набору')).default(''),
    versions: z
      .array(
        z.object({
          version: versionLabel(requiredText(40, 'Версія')),
          date: requiredDate('Дата'),
          notes: text(1000, 'Зміни').default(''),
          /** This version's own DOI (an earlier version's; the current one's is `doi` above). */
          doi: doiSchema('DOI версії'),
          /** This version's files (an earlier version's; the current one's are `files` below). */
          files: dataFilesSchema.meta({ label: 'Файли версії' }),
        }),
      )
      .max(50)
      .default([])
      .meta({
        label: 'Історія версій',
        widget: 'objectList',
        help: 'Файли й DOI поточної версії — у полях «Файли даних» і «DOI набору даних». Коли ви змінюєте версію опублікованого набору, попередня версія з її файлами й DOI сама переходить до цього списку; файли опублікованої версії змінювати не можна.',
      }),
    body: richTextSchema,
    files: dataFilesSchema.meta({ label: 'Файли даних' }),
    links: z.array(linkSchema).max(30).default([]).meta({ label: 'Посилання', widget: 'objectList' }),
    /** Labels of the versions that were ever published (their files stay frozen); kept by `updateRule`. */
    frozenVersions: z
      .array(z.string().max(40))
      .max(200)
      .default([])
      .meta({ label: 'Опубліковані версії', widget: 'tags' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  language: LANGUAGE_FIELDS.dataRepo,
  defaultColumns: ['title', 'datasetVersion', 'status'],
  listFields: ['title', 'slug', 'summary', 'periodStart', 'periodEnd', 'datasetVersion'],
  searchable: ['title', 'summary'],
  filters: [],
  sorts: { order: { by: ['order'], direction: 'asc' } },
  fileFields: ['files'],
  relations: [],
  updateRule: datasetVersionRule,
  maintainedFields: ['frozenVersions'],
  subPages: {
    fields: ['slug', 'datasetVersion', 'versions'],
    paths: (d) =>
      datasetVersions({ ...(d as unknown as VersionedDataset), doi: '', files: [] }).map((v) =>
        datasetVersionPath(String(d.slug), v.version),
      ),
  },
  publicPath: (d) => `/data_repo/${typeof d.slug === 'string' ? d.slug : d.id}`,
});

export { DATA_REPO_FIXED_SLUGS };
