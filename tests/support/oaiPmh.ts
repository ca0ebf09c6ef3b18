/** OAI-PMH answers as a harvester reads them (fast-xml-parser), typed for the tests. */
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) =>
    ['header', 'record', 'set', 'setSpec', 'error', 'metadataFormat', 'adminEmail'].includes(name) ||
    name.startsWith('dc:'),
});

type Node = Record<string, unknown>;

export interface OaiHeader {
  identifier: string;
  datestamp: string;
  sets: string[];
  deleted: boolean;
}

export interface OaiToken {
  /** '' on the last page. */
  value: string;
  cursor?: number;
  completeListSize?: number;
  expirationDate?: string;
}

export interface OaiAnswer {
  /** The verb element's name (`ListRecords`…), or undefined for an error answer. */
  verb?: string;
  errors: Array<{ code: string; message: string }>;
  /** The `request` element's attributes and base URL. */
  request: { attributes: Record<string, string>; baseUrl: string };
  responseDate: string;
  /** The verb element as parsed. */
  body: Node;
  headers: OaiHeader[];
  /** Records' Dublin Core by element (`title`, `creator`…); null when deleted. */
  records: Array<{ header: OaiHeader; dc: Record<string, string[]> | null }>;
  sets: Array<{ spec: string; name: string }>;
  token?: OaiToken;
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  const inner = v && typeof v === 'object' ? (v as Node)['#text'] : undefined;
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : '';
}

function headerOf(node: Node): OaiHeader {
  return {
    identifier: textOf(node.identifier),
    datestamp: textOf(node.datestamp),
    sets: ((node.setSpec as unknown[] | undefined) ?? []).map(textOf),
    deleted: node['@_status'] === 'deleted',
  };
}

function dcOf(metadata: unknown): Record<string, string[]> | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const dc = (metadata as Node)['oai_dc:dc'] as Node | undefined;
  if (!dc) return {};
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(dc))
    if (key.startsWith('dc:')) out[key.slice(3)] = (value as unknown[]).map(textOf);
  return out;
}

function tokenOf(node: unknown): OaiToken | undefined {
  if (node === undefined) return undefined;
  const n = typeof node === 'object' && node ? (node as Node) : {};
  const num = (key: string) => (n[key] === undefined ? undefined : Number(n[key]));
  return {
    value: textOf(node),
    cursor: num('@_cursor'),
    completeListSize: num('@_completeListSize'),
    expirationDate: typeof n['@_expirationDate'] === 'string' ? n['@_expirationDate'] : undefined,
  };
}

/** Parses an OAI-PMH answer. */
export function parseOai(xml: string): OaiAnswer {
  const root = (parser.parse(xml) as Node)['OAI-PMH'] as Node;
  const request = (typeof root.request === 'object' ? root.request : { '#text': root.request }) as Node;
  const attributes = Object.fromEntries(
    Object.entries(request)
      .filter(([k]) => k.startsWith('@_'))
      .map(([k, v]) => [k.slice(2), String(v as string)]),
  );
  const verb = ['Identify', 'ListMetadataFormats', 'ListSets', 'GetRecord', 'ListIdentifiers', 'ListRecords'].find(
    (v) => v in root,
  );
  const body = (verb ? root[verb] : {}) as Node;
  const records = ((body.record as Node[] | undefined) ?? []).map((r) => ({
    header: headerOf((r.header as Node[])[0]!),
    dc: dcOf(r.metadata),
  }));
  const headers = verb === 'ListIdentifiers' ? (body.header as Node[]).map(headerOf) : records.map((r) => r.header);
  return {
    verb,
    errors: ((root.error as Node[] | undefined) ?? []).map((e) => ({
      code: String(e['@_code'] as string),
      message: textOf(e),
    })),
    request: { attributes, baseUrl: textOf(request) },
    responseDate: textOf(root.responseDate),
    body,
    headers,
    records,
    sets: ((body.set as Node[] | undefined) ?? []).map((s) => ({
      spec: textOf((s.setSpec as unknown[])[0]),
      name: textOf(s.setName),
    })),
    token: tokenOf(body.resumptionToken),
  };
}
