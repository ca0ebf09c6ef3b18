/**
 * Slugs from Ukrainian titles: the official Ukrainian-Latin transliteration (Cabinet of Ministers of
 * Ukraine resolution No. 55 of 27 January 2010), then lower case, anything else to single hyphens.
 *
 * The table itself comes from cyrillic-to-translit-js's `uk` preset, which follows the resolution
 * letter by letter (г→h, ґ→g, зг→zgh, щ→shch, ь and the apostrophe dropped, є/ї/й/ю/я as ye/yi/y/yu/ya
 * at the start of a word and ie/i/i/iu/ia elsewhere). It only treats the start of the input and the
 * character after a space as the start of a word, so «Європа» in quotes or «Київ-Ялта» would get the
 * non-initial forms; this module hands it one word at a time. Apostrophe look-alikes (’ ‘ ʼ `) are
 * unified first so «Мар’їне» stays one word (Marine, as in the resolution).
 * Pure and dependency-light: the admin form uses it to preview the slug as the title is typed.
 */
import cyrillicToTranslit from 'cyrillic-to-translit-js';

/** Most characters a slug may have (as slugSchema). */
export const SLUG_MAX_LENGTH = 120;

const converter = cyrillicToTranslit({ preset: 'uk' });

const APOSTROPHES = /['’‘ʼ`′]/g;
/** A word: a letter, then letters, combining marks or apostrophes followed by a letter. */
const WORD = /\p{L}(?:[\p{L}\p{M}]|'(?=\p{L}))*/gu;

/** Ukrainian text in Latin letters by resolution 55 (case kept; non-letters untouched). */
export function transliterateUk(text: string): string {
  const unified = text.normalize('NFC').replace(APOSTROPHES, "'");
  return unified.replace(WORD, (word) => converter.transform(word));
}

/**
 * A URL slug from any text: transliterated, diacritics removed, lower-cased, every run of other
 * characters turned into one hyphen, no hyphen at either end, at most `max` characters (cut at a
 * word boundary when one is near). May return '' (e.g. for text of symbols only).
 */
export function slugify(text: string, max = SLUG_MAX_LENGTH): string {
  const latin = transliterateUk(text).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return truncateSlug(slug, max);
}

/** Shortens a slug to at most `max` characters, preferring to cut between words. */
export function truncateSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  let cut = slug.slice(0, max);
  const boundary = cut.lastIndexOf('-');
  if (slug[max] !== '-' && boundary > max / 2) cut = cut.slice(0, boundary);
  return cut.replace(/-+$/, '');
}

/** `base` with the numeric suffix `-n` (n ≥ 2), shortened so the whole stays within `max` characters. */
export function withSlugSuffix(base: string, n: number, max = SLUG_MAX_LENGTH): string {
  if (n < 2) return truncateSlug(base, max);
  const suffix = `-${n}`;
  return `${truncateSlug(base, max - suffix.length)}${suffix}`;
}
