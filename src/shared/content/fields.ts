/**
 * Field schemas shared by every content type: slugs, dates (Europe/Kyiv), rich text, file references.
 * Pure zod, imported by both the server (validation) and the client (forms, rendering).
 */
import { z } from 'zod';
import '../zodLocale';

import { STATUS_LABELS } from './constants';
import './fieldMeta';
import { CONTENT_LANGUAGES, SITE_LANGUAGE, type ContentLanguage } from './language';
import { fileRefusal, type FileKind } from '../documentFiles';
import { isSiteImageType, NOT_AN_IMAGE_MESSAGE } from '../imageFiles';

export { SITE_TIME_ZONE } from './constants';

/** A URL slug: lower-case Latin letters, digits and single hyphens, at most 120 characters. */
export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Вкажіть адресу (slug)')
  .max(120, 'Адреса задовга (до 120 символів)')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Лише малі латинські літери, цифри та дефіси')
  .meta({ label: 'Адреса (slug)' });

/** A looser slug for fixed legacy addresses such as `ClimUAsd-stn.v2` (letters of both cases, digits, `.`, `_`, `-`). */
export const legacySlugSchema = z
  .string()
  .trim()
  .min(1, 'Вкажіть адресу (slug)')
  .max(120, 'Адреса задовга (до 120 символів)')
  .regex(/^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*$/, 'Лише латинські літери, цифри, крапки, дефіси та підкреслення')
  .meta({ label: 'Адреса (slug)' });

const DATE_FORMAT = 'Дата має бути у форматі РРРР-ММ-ДД';
const DATE_TIME_FORMAT = 'Невірний формат дати й часу';

/** An error message: «<label>: заповніть це поле» for a missing or empty value, else `otherwise`. */
const requiredOr = (label: string, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? `${label}: заповніть це поле` : otherwise;

const isoDate = (error: string | ((issue: { input?: unknown }) => string)) => z.iso.date({ error });
const isoDateTime = (error: string | ((issue: { input?: unknown }) => string)) =>
  z.iso.datetime({ offset: true, error }).transform((v) => new Date(v).toISOString());

/** A calendar date `YYYY-MM-DD`, meant as a day in Europe/Kyiv. */
export const dateSchema = isoDate(DATE_FORMAT);

/**
 * An instant as an ISO 8601 string with an offset; normalised to UTC (`…Z`) so stored instants sort
 * and compare as strings. Shown in Europe/Kyiv.
 */
export const dateTimeSchema = isoDateTime(DATE_TIME_FORMAT);

/** A required date field labelled `label`: empty says «<label>: заповніть це поле», as text fields do. */
export function requiredDate(label: string) {
  return isoDate(requiredOr(label, DATE_FORMAT)).meta({ label });
}

/** A required date-time field labelled `label` (dateTimeSchema with the required-field message). */
export function requiredDateTime(label: string) {
  return isoDateTime(requiredOr(label, DATE_TIME_FORMAT)).meta({ label });
}

/** The language some fields of a document are written in (see language.ts); Ukrainian by default. */
export const languageSchema = z
  .enum(Object.keys(CONTENT_LANGUAGES) as [ContentLanguage, ...ContentLanguage[]])
  .meta({ widget: 'select', options: CONTENT_LANGUAGES })
  .default(SITE_LANGUAGE);

/**
 * Plain text with a length limit: `label` is the field's label (its meta, see fieldMeta.ts) and names
 * the field in the message. Longer than 400 characters it is edited in a textarea.
 */
export function text(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label}: не більше ${max} символів`)
    .meta({ label, widget: max > 400 ? 'textarea' : 'text' });
}

/** Required text. */
export function requiredText(max: number, label: string) {
  return text(max, label).min(1, `${label}: заповніть це поле`);
}

/** Words for a whole number's bounds in its messages: «не менше»/«не більше», or «не раніше»/«не пізніше» for years. */
const BOUND_WORDS = { amount: ['не менше', 'не більше'], year: ['не раніше', 'не пізніше'] } as const;

/**
 * A whole number from `min` to `max` labelled `label`, every message naming the field in Ukrainian:
 * empty (null or missing) «<label>: заповніть це поле», a fraction «<label>: потрібне ціле число»,
 * out of range «<label>: не менше <min>» / «не більше <max>» (`bounds: 'year'`: «не раніше» /
 * «не пізніше»). Chain `.nullable()` or `.default()` for optional ones.
 */
export function integer(label: string, min: number, max: number, bounds: keyof typeof BOUND_WORDS = 'amount') {
  const [below, above] = BOUND_WORDS[bounds];
  const whole = `${label}: потрібне ціле число`;
  return z
    .number({ error: requiredOr(label, whole) })
    .int(whole)
    .min(min, `${label}: ${below} ${min}`)
    .max(max, `${label}: ${above} ${max}`)
    .meta({ label });
}

/** A required year from `min` to `max` (integer with year wording: «Рік: не раніше 1900»). */
export function year(label: string, min: number, max: number) {
  return integer(label, min, max, 'year');
}

/** A position in a list, ascending (0 by default), from 0 to `max`. */
export function orderField(max = 10_000) {
  return integer('Порядок', 0, max).default(0);
}

/** Rich-text HTML (sanitised on the server with an allow-list; never trusted on render). */
/** Longest rich-text HTML, markup included (keeps a document well inside Firestore's 1 MiB). */
export const RICH_TEXT_MAX = 500_000;
const thousands = new Intl.NumberFormat('uk-UA');

export const richTextSchema = z
  .string()
  .max(RICH_TEXT_MAX, {
    error: (issue) =>
      `Не більше ${thousands.format(RICH_TEXT_MAX)} символів разом із розміткою (зараз ${thousands.format(typeof issue.input === 'string' ? issue.input.length : 0)})`,
  })
  .meta({ label: 'Текст', widget: 'richText' })
  .default('');

/**
 * Control characters (tab and line breaks included) anywhere in a URL: browsers drop tabs and line
 * breaks while parsing, so `/\t/evil.example` would become the other-site URL `//evil.example`.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * A path on this site: starts with one `/` not followed by another `/` or a `\` (browsers read
 * `//host` and `/\host` as another site).
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !CONTROL_CHARS.test(value);
}

/** An http(s) URL or a site-relative path (`/docs/...`); edited in a one-line URL input (`widget: 'url'`). */
export const hrefSchema = z
  .string()
  .trim()
  .max(2000, 'Посилання задовге (до 2000 символів)')
  .refine(
    (v) =>
      isSitePath(v) ||
      (!CONTROL_CHARS.test(v) && (/^https?:\/\/[^\s]/i.test(v) || /^mailto:/i.test(v) || /^tel:/i.test(v))),
    {
      message: 'Посилання має починатися з /, http(s)://, mailto: або tel:',
    },
  )
  .meta({ widget: 'url' });

/** An absolute http(s) URL (never javascript: or data:). */
/** An optional link (hrefSchema): '' when none is given. */
export function optionalHref(label: string) {
  return hrefSchema.or(z.literal('')).default('').meta({ label });
}

export const webUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Потрібна адреса, що починається з http:// або https://' })
  .max(2000, 'Адреса задовга (до 2000 символів)')
  .meta({ widget: 'url' });

export const emailSchema = z
  .email({ error: 'Невірна адреса електронної пошти' })
  .max(254, 'Адреса електронної пошти задовга (до 254 символів)')
  .meta({ label: 'Електронна пошта', widget: 'text' });

/** Hosts whose plain-http URLs a file reference may hold (the embedded storage in development and tests). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `value` may be a stored file's URL: a site-relative path (`/v0/b/…?alt=media&token=…`,
 * what the admin and the seed store in embedded mode; see isSitePath), an `https:` URL without
 * credentials (Firebase Storage's download URLs in firebase mode), or `http:` to a loopback host
 * (the embedded storage's own absolute URLs in development). Never `javascript:`, `data:`,
 * `//host`, `/\host` or plain http to another host.
 */
export function isFileUrl(value: string): boolean {
  if (isSitePath(value)) return !/\s|\\/.test(value);
  if (CONTROL_CHARS.test(value) || !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/**
 * A reference to a stored file (Firebase Storage object): its full path in the bucket, the name shown
 * to visitors, its type and size in bytes, and the download URL (with its token) taken from the
 * storage metadata when the file was attached, so pages render links without a round trip. The URL
 * must pass isFileUrl.
 */
export const fileRefSchema = z
  .object({
    path: z.string().min(1).max(1024),
    name: requiredText(300, 'Назва файлу'),
    contentType: z.string().max(200).default('application/octet-stream'),
    size: z.number().int().nonnegative(),
    url: z.string().max(4000).refine(isFileUrl, {
      message: 'Адреса файлу має бути шляхом на цьому сайті (/…) або починатися з https://',
    }),
  })
  .meta({ widget: 'file' });
export type FileRef = z.infer<typeof fileRefSchema>;

/** The message under an image's alt field when an image is set without one. */
export const ALT_REQUIRED_MESSAGE =
  'Додайте альтернативний текст: коротко опишіть, що зображено, для незрячих відвідувачів';

/** An intrinsic image dimension in pixels (null when unknown, e.g. SVG without a size, or older documents). */
const imageDimension = z.number().int().positive().max(100_000).nullable().default(null);

/**
 * An image reference: a file plus its alternative text, required whenever an image is set (so every
 * image field of every type refuses an image without one), and the image's intrinsic width and
 * height, which pages put on `<img>` so nothing shifts while it loads. The admin reads them when an
 * image is chosen; the seed from the image it makes. Its type must be one the site serves as an image
 * (shared/imageFiles.ts), so no API client can set a PDF or an .exe as a cover either.
 */
export const imageRefSchema = fileRefSchema
  .extend({
    contentType: z.string().max(200).refine(isSiteImageType, { message: NOT_AN_IMAGE_MESSAGE }),
    alt: z
      .string()
      .trim()
      .max(300, 'Альтернативний текст: не більше 300 символів')
      .min(1, ALT_REQUIRED_MESSAGE)
      .meta({ label: 'Альтернативний текст' }),
    width: imageDimension,
    height: imageDimension,
  })
  .meta({ widget: 'image' });
export type ImageRef = z.infer<typeof imageRefSchema>;

/** An optional image (a cover, a photo): null when none is chosen. */
export function optionalImage(label: string) {
  return imageRefSchema.nullable().default(null).meta({ label });
}
/** What a public list item carries of an image (server/content/publicView.ts's cut): no storage path, file name or size. */
export type CardImage = Pick<ImageRef, 'url' | 'contentType' | 'alt' | 'width' | 'height'>;

/**
 * A single file of a field of `kind` (shared/documentFiles.ts): its name's extension and declared
 * type must be a format the field takes, else the field itself gets the message (the API too).
 */
export function fileOfKindSchema(kind: FileKind) {
  return fileRefSchema
    .superRefine((file, ctx) => {
      const refusal = fileRefusal(kind, file.name, file.contentType);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: [] });
    })
    .meta({ widget: 'file', accept: kind });
}

/** A «Повний текст (PDF)» field: a PDF or nothing. */
export const pdfRefSchema = fileOfKindSchema('pdf').nullable().default(null);

/**
 * A list of up to 50 files of a field of `kind`; a file of a type the field does not take is named
 * in the list's own message («doc.exe: Цей тип файлу не приймається: .exe. Дозволено: …»).
 */
function fileListSchema(kind: FileKind) {
  return z
    .array(fileRefSchema)
    .max(50, 'Не більше 50 файлів')
    .superRefine((files, ctx) => {
      for (const file of files) {
        const refusal = fileRefusal(kind, file.name, file.contentType);
        if (refusal) ctx.addIssue({ code: 'custom', message: `${file.name}: ${refusal}`, path: [] });
      }
    })
    .meta({ label: 'Файли', widget: 'files', accept: kind })
    .default([]);
}

/** Attachments («Файли»): documents, tables, archives, images (shared/documentFiles.ts `document`). */
export const attachmentsSchema = fileListSchema('document');
/** A dataset's files: any data format but programs and web pages (`data`). */
export const dataFilesSchema = fileListSchema('data');

/** Publication state of a document. */
export const statusSchema = z
  .enum(['draft', 'published'])
  .meta({ label: 'Стан', widget: 'status', options: STATUS_LABELS });
export type Status = z.infer<typeof statusSchema>;

const ORCID = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** An optional ORCID iD stored bare (`0000-0002-1825-0097`; a pasted https://orcid.org/… URL is cut to it), or ''. */
export const orcidSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/^https?:\/\/orcid\.org\//i, '').toUpperCase())
  .refine((v) => v === '' || ORCID.test(v), 'ORCID має вигляд 0000-0000-0000-0000')
  .default('')
  .meta({ label: 'ORCID', widget: 'text' });

/** DOI syntax: `10.` and a registrant code (digits, maybe dotted), `/`, then a suffix without spaces (DOI Handbook 2.2). */
const DOI = /^10\.\d{4,9}(?:\.\d+)*\/\S+$/;

/** A pasted DOI link or name reduced to the DOI (`https://doi.org/10.1000/x%2Fy`, `doi:10.1000/x/y` → `10.1000/x/y`). */
export function bareDoi(value: string): string {
  const link = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)(.*)$/i.exec(value.trim());
  if (!link) return value.trim();
  try {
    return decodeURIComponent(link[1]!);
  } catch {
    return link[1]!;
  }
}

/**
 * An optional DOI stored bare (`10.NNNN/…`), or '': every DOI field (journal articles, publications,
 * datasets and their versions) uses it, so citations, DataCite and OAI-PMH get a DOI, never a link.
 */
export function doiSchema(label: string) {
  return z
    .string()
    .trim()
    .max(200, `${label}: не більше 200 символів`)
    .transform(bareDoi)
    .refine((v) => v === '' || DOI.test(v), 'DOI має вигляд 10.xxxx/…')
    .default('')
    .meta({ label, widget: 'text' });
}

/** A person named as an author, with an optional affiliation and ORCID iD. */
export const authorSchema = z.object({
  name: requiredText(200, 'Ім’я'),
  affiliation: text(300, 'Установа').default(''),
  orcid: orcidSchema,
});
export type Author = z.infer<typeof authorSchema>;

/** A labelled external or internal link. */
export const linkSchema = z.object({
  label: requiredText(200, 'Підпис'),
  href: hrefSchema.meta({ label: 'Посилання' }),
});
export type Link = z.infer<typeof linkSchema>;

/** Reference to another document by id. */
export const idRefSchema = z
  .string({ error: 'Виберіть документ' })
  .trim()
  .min(1, 'Виберіть документ')
  .max(64, 'Невідомий документ');
