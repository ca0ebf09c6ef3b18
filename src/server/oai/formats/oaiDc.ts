/** `oai_dc`: unqualified Dublin Core in the OAI-PMH container (http://www.openarchives.org/OAI/2.0/oai_dc.xsd). */
import type { ScholarlyKind, ScholarlyMetadata } from '../model';
import { textElement } from '../xml';
import type { MetadataFormat } from './format';

/** DCMI Type vocabulary and the info:eu-repo publication types OpenAIRE and BASE read. */
const TYPES: Record<ScholarlyKind, string[]> = {
  article: ['Text', 'info:eu-repo/semantics/article'],
  thesis: ['Text', 'info:eu-repo/semantics/conferenceObject'],
  publication: ['Text', 'info:eu-repo/semantics/book'],
  dataset: ['Dataset', 'info:eu-repo/semantics/other'],
};

/** The oai_dc record of one work. */
export function writeOaiDc(m: ScholarlyMetadata): string {
  const dc = (name: string, value: string) => textElement(`dc:${name}`, value);
  const parts = [
    dc('title', m.title),
    ...m.creators.map((c) => dc('creator', c.name)),
    ...m.subjects.map((s) => dc('subject', s)),
    dc('description', m.description),
    dc('publisher', m.publisher),
    dc('date', m.date),
    ...TYPES[m.kind].map((t) => dc('type', t)),
    ...m.formats.map((f) => dc('format', f)),
    dc('identifier', m.url),
    m.doi ? dc('identifier', `https://doi.org/${m.doi}`) : '',
    dc('source', m.source),
    dc('language', m.language),
    ...m.relations.map((r) => dc('relation', r)),
    dc('coverage', m.coverage),
    dc('rights', m.rights),
  ];
  return (
    '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">' +
    `${parts.join('')}</oai_dc:dc>`
  );
}

export const oaiDc: MetadataFormat = {
  prefix: 'oai_dc',
  schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
  namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  kinds: ['article', 'thesis', 'publication', 'dataset'],
  write: writeOaiDc,
};
