/**
 * Words and Ukrainian stems for the visitor search: the same function turns a document's text into
 * index terms (on every write, in both stores) and a visitor's query into the terms it asks for, so
 * «прогнозу», «прогнози» and «прогноз» all become «прогноз». Stemming is nlp.js's StemmerUk
 * (@nlpjs/lang-uk, MIT); words in other scripts and numbers are kept as they are (lower-cased).
 */
import StemmerUk from '@nlpjs/lang-uk/src/stemmer-uk.js';
import { normaliseSearchText } from '../../shared/content/search';

const stemmer = new StemmerUk();

/** A word: letters and digits, possibly joined by apostrophes («м'ясо»). */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** The words of a text, normalised (lower case, NFKC, one apostrophe), in order. */
export function wordsOf(text: string): string[] {
  return normaliseSearchText(text).match(WORD) ?? [];
}

/**
 * Latin letters that look like Cyrillic ones (in either case, lower-cased here): typed by mistake
 * inside a Cyrillic word («клiмат» with a Latin i, «Kиїв»), they are read as the Cyrillic letter.
 */
const LATIN_TWINS = 'abcehikmoptxyï';
const CYRILLIC_TWINS = 'авсенікмортхуї';
const LATIN_LETTER = /[abcehikmoptxyï]/g;

/**
 * A Cyrillic word with its Latin look-alike letters made Cyrillic, and «ґ» read as «г»: both
 * spellings of the same words are in use («ґрунт» since the 2019 orthography, «грунт» before it).
 */
function cyrillicOnly(word: string): string {
  return word.replace(LATIN_LETTER, (letter) => CYRILLIC_TWINS[LATIN_TWINS.indexOf(letter)]!).replace(/ґ/g, 'г');
}

/**
 * The index term of one normalised word: its Ukrainian stem for Cyrillic words (Latin look-alikes
 * inside them read as Cyrillic, «ґ» as «г»), the word itself otherwise; apostrophes are dropped (so «мʼясо» and
 * «м'ясо» meet, and FTS5 reads one token).
 */
export function termOf(word: string): string {
  let term = termCache.get(word);
  if (term === undefined) {
    const stem = CYRILLIC.test(word) ? stemmer.stemWord(cyrillicOnly(word)).replace(FINAL_VOWELS, '') : word;
    term = stem.replace(/'/g, '');
    if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

/** Terms of words already seen (a text repeats its words, and stemming is the costly part of indexing). */
const termCache = new Map<string, string>();
const TERM_CACHE_LIMIT = 100_000;

/**
 * Vowels and soft signs StemmerUk leaves at the end of some forms («гомогенізації» →
 * «гомогенізаці», «гомогенізація» → «гомогенізац»), dropped so the forms meet; stems keep three letters.
 */
const FINAL_VOWELS = /(?<=\p{L}{3})[аеєиіїоуюяьй]+$/u;

/** The terms of a text, one per word, in order (repeats kept: they count for ranking). */
export function termsOf(text: string): string[] {
  return wordsOf(text).map(termOf).filter(Boolean);
}

/** Most terms a visitor's query is read for. */
export const MAX_QUERY_TERMS = 8;

/** The distinct terms of a visitor's query (at most MAX_QUERY_TERMS); a document must contain all. */
export function queryTerms(query: string): string[] {
  return [...new Set(termsOf(query))].slice(0, MAX_QUERY_TERMS);
}
