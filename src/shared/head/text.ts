/** Small text helpers for head tags and structured data (no DOM: they run on the server too). */

/** Where the page is: the site's public origin and the page's canonical URL. */
export interface HeadContext {
  origin: string;
  url: string;
}

/** A site path or stored file URL made absolute against the public origin (absolute URLs stay). */
export function absoluteUrl(url: string, ctx: Pick<HeadContext, 'origin'>): string {
  return new URL(url, `${ctx.origin}/`).href;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
  '#x27': "'",
};

/** Rich text as one line of plain text, cut at a word boundary to at most `max` characters. */
export function plainText(html: string, max: number): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * A dataset's description for Dataset Search, which wants 50 to 5000 characters: the summary, with
 * the page's text added when the summary alone is shorter than that.
 */
export function datasetDescription(summary: string, body: string): string {
  if (summary.length >= 50) return summary.slice(0, 5000);
  return plainText(`${summary} ${body}`, 5000);
}

/** «(044) 525-12-06» → «+380 44 525-12-06»: a Ukrainian number in international form; others stay. */
export function internationalPhone(phone: string): string {
  const m = /^\s*\(0(\d{2,4})\)\s*(.+)$/.exec(phone);
  return m ? `+380 ${m[1]} ${m[2]}` : phone.trim();
}

/** A licence name as a URL where it names a Creative Commons licence («CC BY 4.0»), else the text. */
export function licenceUrl(licence: string): string {
  const m = /\bCC[\s-]+(BY(?:[\s-]+(?:SA|NC|ND))*)[\s-]+(\d\.\d)\b/i.exec(licence);
  if (m) return `https://creativecommons.org/licenses/${m[1]!.toLowerCase().replace(/[\s-]+/g, '-')}/${m[2]}/`;
  if (/^CC0/i.test(licence.trim())) return 'https://creativecommons.org/publicdomain/zero/1.0/';
  return licence.trim();
}

/** How a conference is attended, read from its place: online, hybrid («змішаний формат») or on site. */
export function conferenceAttendance(location: string): 'offline' | 'online' | 'hybrid' {
  if (/змішан|гібрид|hybrid/i.test(location)) return 'hybrid';
  if (/онлайн|online|zoom/i.test(location)) return 'online';
  return 'offline';
}

/** A street part of an address: «вул.», «просп.», «пл.», «бульв.», «пров.», «шосе», «street»… */
const STREET =
  /^(вул|вулиця|просп|проспект|пл|площа|бульв|бульвар|пров|провулок|узвіз|шосе|наб|набережна|street|st|avenue|ave|road|rd)(?=[.\s]|$)|^\d/iu;

/**
 * The place of an event for citations (RIS CY, CSL event-place, oai_dc source): its location
 * without a note in brackets («(змішаний формат)») and without the street address that follows the
 * city («Київ, просп. Науки, 37» → «Київ»); '' for an event held only online.
 */
export function eventPlace(location: string): string {
  const parts = location
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const street = parts.findIndex((p, i) => i > 0 && STREET.test(p));
  const place = (street > 0 ? parts.slice(0, street) : parts).join(', ');
  return conferenceAttendance(place) === 'online' ? '' : place;
}

/**
 * The id of an article in a journal issue's table of contents (`position` from 1, as in the
 * article's OAI identifier `journal/{issue id}/{position}`): its anchor on the issue page.
 */
export function articleAnchor(position: number): string {
  return `article-${position}`;
}

/** «та ін.», «і ін.», «та інші», «et al.» written after the last named author. */
const ET_AL = /[,;]?\s*(?:(?:та|і|и)\s+ін(?:\.|ші)|et\s+al\.?)\s*$/iu;

/**
 * Authors for citation metadata (Highwire, BibTeX, RIS, CSL, OAI): each name without a trailing
 * «та ін.» / «et al.», which names no author (the page still shows the list as written).
 */
export function citedAuthors(names: readonly string[]): string[] {
  return names.map((n) => n.replace(ET_AL, '').trim()).filter(Boolean);
}

/** A journal article's place in its journal for the page: «Data in Brief, т. 44, № 2, с. 5–18» (or the article number). */
export function journalReference(p: {
  journalTitle: string;
  journalVolume: string;
  journalIssue: string;
  journalPages: string;
}): string {
  if (!p.journalTitle) return '';
  const pages = /^\d+\s*[-–—]\s*\d+$/.test(p.journalPages) ? `с. ${p.journalPages}` : p.journalPages;
  return [p.journalTitle, p.journalVolume && `т. ${p.journalVolume}`, p.journalIssue && `№ ${p.journalIssue}`, pages]
    .filter(Boolean)
    .join(', ');
}

/** `uk` for text with Cyrillic letters, `en` for Latin-only text (titles of English theses). */
export function languageOf(text: string): 'uk' | 'en' {
  return /[\u0400-\u04ff]/.test(text) || !/[a-z]/i.test(text) ? 'uk' : 'en';
}

/**
 * The language of a work (publication, thesis or dataset) for all its metadata (citation meta and
 * files, DataCite, DCAT, JSON-LD, OAI): its declared `language` when that is not Ukrainian (the
 * default), else read from its title. A dataset declares none (its `citationLanguage` is the
 * language of its citation text alone), so its title decides.
 */
export function workLanguage(work: { title: string; language?: unknown }): 'uk' | 'en' {
  return work.language === 'en' ? 'en' : languageOf(work.title);
}

/**
 * The dataset's own version: its `datasetVersion` (the API's `version` is the store's revision
 * number), else the latest entry of its version history.
 */
export function datasetVersionOf(d: { versions?: Array<{ version: string; date: string }> }): string {
  const own = (d as { datasetVersion?: unknown }).datasetVersion;
  if (typeof own === 'string' && own) return own;
  return [...(d.versions ?? [])].sort((a, b) => a.date.localeCompare(b.date)).at(-1)?.version ?? '';
}

/** The DOI of the article that describes a dataset (`articleDoi` of the dataRepo type), or ''. */
export function articleDoiOf(d: object): string {
  const value = (d as { articleDoi?: unknown }).articleDoi;
  return typeof value === 'string' ? value : '';
}
