/**
 * What a page's head must say, checked on served HTML: JSON-LD blocks (parsed; each node's
 * required and recommended properties, after Google's structured-data documentation and the issue),
 * Open Graph tags, citation meta, the canonical link and the title.
 */

type Node = Record<string, unknown>;

/**
 * Properties each type must carry, non-empty. Google's required ones (Event: name, startDate,
 * location; Dataset: name, description; BreadcrumbList: itemListElement) plus the recommended ones
 * this site promises (issue 14, item 3).
 */
export const REQUIRED_PROPERTIES: Record<string, string[]> = {
  Organization: ['name', 'url', 'logo', 'address', 'contactPoint'],
  BreadcrumbList: ['itemListElement'],
  NewsArticle: ['headline', 'datePublished', 'dateModified', 'image', 'author', 'publisher'],
  Event: [
    'name',
    'startDate',
    'endDate',
    'location',
    'eventAttendanceMode',
    'eventStatus',
    'organizer',
    'description',
    'image',
  ],
  Dataset: [
    'name',
    'description',
    'creator',
    'license',
    'temporalCoverage',
    'spatialCoverage',
    'distribution',
    'version',
    'identifier',
  ],
  ScholarlyArticle: ['headline', 'author', 'datePublished', 'publisher'],
  PublicationIssue: ['issueNumber', 'datePublished', 'isPartOf'],
  // A development (issue 29): what it is, who made it and when.
  CreativeWork: ['name', 'description', 'author', 'creator', 'publisher', 'dateCreated', 'url', 'image'],
};

function empty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? value : [value]) as Node[];

/** Problems with one JSON-LD node (an empty list when it is complete). */
export function jsonLdProblems(node: Node): string[] {
  const type = String(node['@type']);
  const problems: string[] = [];
  if (node['@context'] !== 'https://schema.org') problems.push(`${type}: @context`);
  const required = REQUIRED_PROPERTIES[type];
  if (!required) return [...problems, `unexpected type ${type}`];
  for (const prop of required) if (empty(node[prop])) problems.push(`${type}: ${prop} missing`);
  if (type === 'BreadcrumbList') {
    list(node.itemListElement).forEach((item, i) => {
      if (item.position !== i + 1 || empty(item.name) || typeof item.item !== 'string' || !item.item.startsWith('http'))
        problems.push(`BreadcrumbList: item ${i + 1}`);
    });
  }
  if (type === 'Event') {
    for (const loc of list(node.location)) {
      if (loc['@type'] === 'Place' ? empty(loc.address) : loc['@type'] === 'VirtualLocation' ? empty(loc.url) : true)
        problems.push('Event: location without address or url');
    }
  }
  if (type === 'Dataset') {
    const description = typeof node.description === 'string' ? node.description : '';
    if (description.length < 50 || description.length > 5000)
      problems.push('Dataset: description not 50–5000 characters');
    for (const d of list(node.distribution))
      if (empty(d.contentUrl) || empty(d.encodingFormat))
        problems.push('Dataset: distribution without contentUrl or encodingFormat');
  }
  if (type === 'Organization') {
    const address = node.address as Node | undefined;
    if (empty(address?.streetAddress)) problems.push('Organization: address without streetAddress');
  }
  if (type === 'PublicationIssue') {
    const volume = node.isPartOf as Node | undefined;
    const periodical = volume?.isPartOf as Node | undefined;
    if (volume?.['@type'] !== 'PublicationVolume' || periodical?.['@type'] !== 'Periodical' || empty(periodical?.name))
      problems.push('PublicationIssue: not in a Periodical');
  }
  return problems;
}

export interface HeadFacts {
  title: string;
  canonical: string | null;
  meta: Map<string, string[]>;
  jsonLd: Node[];
  /** Blocks that did not parse as JSON. */
  badJsonLd: string[];
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Reads the head of a served page (regular expressions over the server's own, regular markup). */
export function readHead(html: string): HeadFacts {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string[]>();
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    meta.set(m[1]!, [...(meta.get(m[1]!) ?? []), decode(m[2]!)]);
  const jsonLd: Node[] = [];
  const badJsonLd: string[] = [];
  for (const m of head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    try {
      jsonLd.push(...list(JSON.parse(m[1]!)));
    } catch {
      badJsonLd.push(m[1]!);
    }
  }
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1] ?? null,
    meta,
    jsonLd,
    badJsonLd,
  };
}

export const OG_PROPERTIES = ['og:title', 'og:description', 'og:url', 'og:image', 'og:type'] as const;

/** The JSON-LD type a page of this path must carry besides its breadcrumbs (null: none). */
export function expectedJsonLdType(pathname: string): string | null {
  if (pathname === '/') return 'Organization';
  if (/^\/News\/[^/]+$/.test(pathname)) return 'NewsArticle';
  if (pathname === '/Trainings' || /^\/conf\/[^/]+$/.test(pathname)) return 'Event';
  if (/^\/conf\/[^/]+\/[^/]+$/.test(pathname) || /^\/publications\/[^/]+$/.test(pathname)) return 'ScholarlyArticle';
  if (/^\/journal\/[^/]+$/.test(pathname)) return 'PublicationIssue';
  if (/^\/data_repo\/[^/]+$/.test(pathname)) return 'Dataset';
  return null;
}
