/**
 * OAI-PMH part of bench:scale (issue 28): ListRecords of each scholarly type's set (oai_dc, 100
 * records a page) walked from the first page to the last through its resumption tokens, each page's
 * time kept (their median is the figure of "many pages"), the records counted against the list's
 * completeListSize; and two pages to measure as the other operations are (median of rounds): the
 * first page and a deep one (the page at 90% of the walk, reached by its resumption token).
 * `BENCH_OAI_WALK` caps the pages walked per set (default: all).
 */
import type { ServerHandle } from '../src/server/app';

/** The scholarly sets and the collections that hold their documents. */
export const OAI_SETS = [
  { set: 'articles', collection: 'journal' },
  { set: 'theses', collection: 'theses' },
  { set: 'publications', collection: 'publications' },
  { set: 'datasets', collection: 'dataRepo' },
] as const;

/** The collections a scholarly-only run loads (BENCH_TYPES=scholarly). */
export const OAI_COLLECTIONS: readonly string[] = OAI_SETS.map((s) => s.collection);

const WALK_CAP = Number(process.env.BENCH_OAI_WALK ?? Infinity);

/** A page rendered by the server (through inject); throws unless it answers 200. */
export async function page(server: ServerHandle, url: string): Promise<string> {
  const res = await server.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res.body;
}

/** The resumption token of an OAI-PMH list page, or null on the last page. */
function resumptionToken(xml: string): string | null {
  const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
  return token ? token.replace(/&amp;/g, '&') : null;
}

const tokenUrl = (token: string) => `/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;

/** What walking one set found. */
export interface OaiWalk {
  set: string;
  pages: number;
  records: number;
  /** completeListSize of the first page (null when the repository does not count the list). */
  listSize: number | null;
  /** Median and slowest page of the walk, ms. */
  medianMs: number;
  maxMs: number;
  /** The URL of the page at 90% of the walk (the first page when there is one page). */
  deepUrl: string;
  deepPage: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Walks a set's ListRecords from the first page to the last (or `cap` pages). */
export async function walkSet(server: ServerHandle, set: string, cap = WALK_CAP): Promise<OaiWalk> {
  const first = `/oai?verb=ListRecords&metadataPrefix=oai_dc&set=${set}`;
  const times: number[] = [];
  const urls: string[] = [];
  let url: string | null = first;
  let records = 0;
  let listSize: number | null = null;
  while (url && urls.length < cap) {
    const start = performance.now();
    const xml = await page(server, url);
    times.push(performance.now() - start);
    urls.push(url);
    records += xml.split('<record>').length - 1;
    if (urls.length === 1) {
      const size = /completeListSize="(\d+)"/.exec(xml)?.[1];
      listSize = size ? Number(size) : null;
    }
    const token = resumptionToken(xml);
    url = token ? tokenUrl(token) : null;
  }
  const deepPage = Math.floor(0.9 * (urls.length - 1));
  return {
    set,
    pages: urls.length,
    records,
    listSize,
    medianMs: median(times),
    maxMs: Math.max(...times),
    deepUrl: urls[deepPage]!,
    deepPage: deepPage + 1,
  };
}

/** Walks every scholarly set (up to `cap` pages each; default BENCH_OAI_WALK or all). */
export async function walkAll(server: ServerHandle, cap?: number): Promise<OaiWalk[]> {
  const out: OaiWalk[] = [];
  for (const { set } of OAI_SETS) out.push(await walkSet(server, set, cap));
  return out;
}

/** One line per set: pages, records (against completeListSize) and the walk's page times. */
export function describeWalks(walks: readonly OaiWalk[]): string[] {
  return walks.map(
    (w) =>
      `  OAI ${w.set.padEnd(13)} ${String(w.pages).padStart(5)} pages, ${w.records} records (completeListSize ${w.listSize ?? '—'}${w.listSize !== null && w.listSize !== w.records ? ' MISMATCH' : ''}), page median ${w.medianMs.toFixed(2)} ms, slowest ${w.maxMs.toFixed(1)} ms`,
  );
}

/** The first and the deep page of each set, as operations to time (labels stable across sizes). */
export function oaiPageMeasures(
  server: ServerHandle,
  walks: readonly OaiWalk[],
): Array<{ label: string; kind: 'read'; run: () => Promise<unknown> }> {
  return walks.flatMap((w) => [
    {
      label: `OAI ListRecords ${w.set}, first page`,
      kind: 'read' as const,
      run: () => page(server, `/oai?verb=ListRecords&metadataPrefix=oai_dc&set=${w.set}`),
    },
    {
      label: `OAI ListRecords ${w.set}, deep page (token)`,
      kind: 'read' as const,
      run: () => page(server, w.deepUrl),
    },
  ]);
}
