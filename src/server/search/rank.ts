/**
 * BM25 ranking in memory, for the Firestore store (SQLite ranks with FTS5's `bm25()` and the same
 * column weights): each candidate's score sums, over the query's terms, the term's inverse document
 * frequency among the candidates times its saturated frequency in the title (weighted) and the text,
 * normalised by the document's length in terms as FTS5 does (its `bm25()`, fts5_aux.c).
 */

/** How much a term in the title counts against one in the text (FTS5: `bm25(site_search, 10, 1)`). */
export const TITLE_WEIGHT = 10;
export const BODY_WEIGHT = 1;
const K1 = 1.2;
const B = 0.75;

export interface RankInput {
  /** The title's and the text's terms, space-separated. */
  title: string;
  body: string;
}

/** Scores (higher is better) of candidates that all contain every term. */
export function bm25Scores(candidates: RankInput[], terms: string[]): number[] {
  const docs = candidates.map((c) => {
    const title = c.title ? c.title.split(' ') : [];
    const body = c.body ? c.body.split(' ') : [];
    // FTS5's bm25() weighs the frequencies by column but takes the length unweighted (all tokens).
    return { title, body, length: title.length + body.length };
  });
  const n = docs.length;
  const avg = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, n);
  const df = new Map(terms.map((t) => [t, docs.filter((d) => d.title.includes(t) || d.body.includes(t)).length]));
  return docs.map((d) => {
    let score = 0;
    for (const term of terms) {
      const tf =
        d.title.filter((w) => w === term).length * TITLE_WEIGHT + d.body.filter((w) => w === term).length * BODY_WEIGHT;
      const idf = Math.log(1 + (n - df.get(term)! + 0.5) / (df.get(term)! + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / Math.max(1, avg)));
    }
    return score;
  });
}

/**
 * A document length (terms of title and text) taken as the average when a term's
 * weight is stored on write (`termWeights`): the real average changes with every write, and the
 * stored weight only picks which documents a search reads (search/rank.ts `bm25Scores` ranks them).
 */
export const STORED_AVERAGE_LENGTH = 300;

/**
 * Most terms given a stored weight: each is one index entry of the document (descending only, see
 * registryIndexes.ts), and Firestore allows 40,000 per document.
 */
export const MAX_WEIGHTED_TERMS = 20_000;

/** Longest term (in UTF-16 units) given a stored weight: Firestore field names stay far below their 1,500 bytes. */
export const MAX_WEIGHTED_TERM = 64;

/**
 * Each distinct term's BM25 weight in one document, without the inverse document frequency (which
 * depends on the whole collection): its saturated, length-normalised frequency, the title counting
 * TITLE_WEIGHT times. Stored on write by the Firestore store (`_site.w`), so that a search reads
 * the documents where its term weighs most first (an index ordered by the weight) and never more
 * than a fixed number of them.
 */
export function termWeights(entry: RankInput): Record<string, number> {
  const title = entry.title ? entry.title.split(' ') : [];
  const body = entry.body ? entry.body.split(' ') : [];
  const tf = new Map<string, number>();
  for (const t of title) tf.set(t, (tf.get(t) ?? 0) + TITLE_WEIGHT);
  for (const t of body) tf.set(t, (tf.get(t) ?? 0) + BODY_WEIGHT);
  const length = title.length + body.length;
  const norm = K1 * (1 - B + (B * length) / STORED_AVERAGE_LENGTH);
  const all: Array<[string, number]> = [];
  for (const [term, f] of tf) {
    if (term.length <= MAX_WEIGHTED_TERM) all.push([term, Math.round(((f * (K1 + 1)) / (f + norm)) * 1e6) / 1e6]);
  }
  // Past the cap, the terms that weigh least are left out (they are not found in Firestore).
  if (all.length > MAX_WEIGHTED_TERMS) {
    all.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    all.length = MAX_WEIGHTED_TERMS;
  }
  return Object.fromEntries(all);
}
