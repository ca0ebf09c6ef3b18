/**
 * Search grams: Firestore has no substring search, so a document keeps the distinct 1-, 2- and
 * 3-character substrings of each word of its search text (`_search`), and an admin search reads the
 * documents containing one gram of its terms (one array-contains per query:
 * https://firebase.google.com/docs/firestore/query-data/queries#array_membership).
 */

/** Grams a search counts to choose the rarest (the longest terms' first). */
const MAX_COUNTED_GRAMS = 8;

/** The distinct 1-, 2- and 3-character substrings of every word of a normalised text. */
export function searchGrams(text: string): string[] {
  const grams = new Set<string>();
  for (const word of text.split(' ')) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i += 1) {
      for (let n = 1; n <= 3 && i + n <= chars.length; n += 1) grams.add(chars.slice(i, i + n).join(''));
    }
  }
  return [...grams];
}

/**
 * The grams a search may read its candidates by, longest terms first: a term of up to three
 * characters is a gram itself, a longer one gives its distinct 3-character grams (a document
 * containing the term contains each). At most MAX_COUNTED_GRAMS.
 */
export function searchGramsOf(terms: string[]): string[] {
  const grams = new Set<string>();
  for (const term of [...terms].sort((a, b) => Array.from(b).length - Array.from(a).length)) {
    const chars = Array.from(term);
    if (chars.length <= 3) grams.add(term);
    else for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(''));
  }
  return [...grams].slice(0, MAX_COUNTED_GRAMS);
}
