/**
 * Highlighted snippets: the words of a text whose stems the query asked for become marked parts;
 * a snippet is the window of about SNIPPET_WORDS words holding the most distinct matched terms.
 */
import type { TextPart } from '../../shared/searchResults';
import { normaliseSearchText } from '../../shared/content/search';
import { termOf } from './stem';

/** Words a snippet shows. */
export const SNIPPET_WORDS = 30;

const WORD = /[\p{L}\p{N}]+(?:['’‘ʼ`′][\p{L}\p{N}]+)*/gu;

interface Word {
  start: number;
  end: number;
  term: string;
}

function wordsWithPlaces(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    term: termOf(normaliseSearchText(m[0])),
  }));
}

/** Parts of text[from, to) with the words whose term is asked for marked. */
function partsOf(text: string, words: Word[], wanted: ReadonlySet<string>, from: number, to: number): TextPart[] {
  const parts: TextPart[] = [];
  let at = from;
  for (const w of words) {
    if (w.start < from || w.end > to || !wanted.has(w.term)) continue;
    if (w.start > at) parts.push({ text: text.slice(at, w.start) });
    parts.push({ text: text.slice(w.start, w.end), mark: true });
    at = w.end;
  }
  if (at < to) parts.push({ text: text.slice(at, to) });
  return parts;
}

/** The whole text with the query's words marked (titles). */
export function highlight(text: string, terms: readonly string[]): TextPart[] {
  return partsOf(text, wordsWithPlaces(text), new Set(terms), 0, text.length);
}

/** A window of the text around its best group of matches, marked, with «…» where it is cut. */
export function snippet(text: string, terms: readonly string[], size = SNIPPET_WORDS): TextPart[] {
  const words = wordsWithPlaces(text);
  if (!words.length) return [];
  const wanted = new Set(terms);
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < words.length; i += 1) {
    if (!wanted.has(words[i]!.term)) continue;
    const start = Math.max(0, i - Math.floor(size / 4));
    const found = new Set(
      words
        .slice(start, start + size)
        .filter((w) => wanted.has(w.term))
        .map((w) => w.term),
    );
    if (found.size > bestScore) {
      bestScore = found.size;
      best = start;
    }
  }
  const last = Math.min(words.length, best + size) - 1;
  const from = best === 0 ? 0 : words[best]!.start;
  const to = last === words.length - 1 ? text.length : words[last]!.end;
  const parts = partsOf(text, words, wanted, from, to);
  if (from > 0) parts.unshift({ text: '… ' });
  if (to < text.length) parts.push({ text: ' …' });
  return parts;
}
