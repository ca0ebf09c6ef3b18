/**
 * BM25 ranking in memory, for the Firestore store (SQLite ranks with FTS5's `bm25()` and the same
 * column weights): each candidate's score sums, over the query's terms, the term's inverse document
 * frequency among the candidates times its saturated frequency in the title (weighted) and the text.
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
    return { title, body, length: title.length * TITLE_WEIGHT + body.length * BODY_WEIGHT };
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
