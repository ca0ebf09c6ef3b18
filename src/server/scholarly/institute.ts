/**
 * The institute as scholarly records name it (publisher, hosting institution, DCAT publisher) and
 * the default spatial coverage of its datasets. Names from ../shared/reference/institute-facts.md.
 */
import { SITE_NAME } from '../../shared/head/siteFacts';

export const INSTITUTE = {
  /** The short official name the site uses. */
  name: SITE_NAME,
  /** «Репозитарій даних …» */
  nameGenitive: 'Українського гідрометеорологічного інституту',
  nameEn: 'Ukrainian Hydrometeorological Institute',
  /** Its ROR id, once the institute has one registered (none is known: records omit it). */
  ror: '',
} as const;

/** Ukraine's bounding box in decimal degrees (WGS 84), as schema.org JSON-LD also gives it. */
export const UKRAINE_BOX = { place: 'Україна', west: 22.14, east: 40.23, south: 44.38, north: 52.38 } as const;

/** A dataset's box: its own four sides when all are set, else Ukraine. */
export function datasetBox(d: {
  bboxWest: number | null;
  bboxEast: number | null;
  bboxSouth: number | null;
  bboxNorth: number | null;
}): { place?: string; west: number; east: number; south: number; north: number } {
  const { bboxWest: west, bboxEast: east, bboxSouth: south, bboxNorth: north } = d;
  if (west === null || east === null || south === null || north === null) return UKRAINE_BOX;
  return { west, east, south, north };
}

/** SPDX id and URL of a Creative Commons licence named in text («CC BY 4.0»), else the text alone. */
export function licenceOf(text: string, url: string): { spdx?: string; uri?: string } {
  const by = /creativecommons\.org\/licenses\/([a-z-]+)\/(\d\.\d)\//.exec(url);
  if (by) return { spdx: `CC-${by[1]!.toUpperCase()}-${by[2]}`, uri: url };
  if (url.includes('publicdomain/zero/1.0')) return { spdx: 'CC0-1.0', uri: url };
  return /^https?:\/\//.test(url) && url !== text ? { uri: url } : /^https?:\/\//.test(text) ? { uri: text } : {};
}
