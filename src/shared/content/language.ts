/**
 * Languages of content. The site is Ukrainian (`<html lang="uk">`); some documents hold text in
 * another language (a publication with an English title, a dataset cited from an English article).
 * A type declares here which field says that language and which of its fields it covers; pages
 * render those fields with `lang` from `langOf`. Zod-free, so public pages can use it.
 */

/** The languages a document's text may be written in, with their admin labels. */
export const CONTENT_LANGUAGES = { uk: 'Українська', en: 'Англійська' } as const;
export type ContentLanguage = keyof typeof CONTENT_LANGUAGES;
export const SITE_LANGUAGE: ContentLanguage = 'uk';

/** Per type key: the field holding the language, and the fields written in it. */
export const LANGUAGE_FIELDS = {
  publications: { field: 'language', fields: ['title', 'publisher', 'journalTitle'] },
  theses: { field: 'language', fields: ['title', 'summary', 'keywords', 'body'] },
  dataRepo: { field: 'citationLanguage', fields: ['citation'] },
} as const satisfies Record<string, { field: string; fields: readonly string[] }>;

export type LanguageTypeKey = keyof typeof LANGUAGE_FIELDS;

/**
 * The `lang` attribute for one field of a document: its declared language when that is not the
 * site's, otherwise undefined (nothing to mark). `doc` must carry the language field (a list read
 * without it cannot say).
 */
export function langOf<K extends LanguageTypeKey>(
  typeKey: K,
  doc: { readonly [F in (typeof LANGUAGE_FIELDS)[K]['field']]: unknown },
  field: (typeof LANGUAGE_FIELDS)[K]['fields'][number],
): string | undefined {
  const spec = LANGUAGE_FIELDS[typeKey];
  if (!(spec.fields as readonly string[]).includes(field)) return undefined;
  const lang = (doc as Record<string, unknown>)[spec.field];
  return typeof lang === 'string' && lang !== SITE_LANGUAGE && lang in CONTENT_LANGUAGES ? lang : undefined;
}
