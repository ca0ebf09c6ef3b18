/** The OAI-PMH response document (protocol §3.2) and its parts: headers, records, resumption tokens. */
import { datestampOf } from './dates';
import type { OaiError } from './errors';
import type { MetadataFormat } from './formats/format';
import type { OaiItem } from './model';
import { element, text, textElement, type Attributes } from './xml';

const ROOT =
  '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
  ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">';

/**
 * The whole answer. `request` holds the arguments to echo (null after badVerb or badArgument: then
 * only the base URL, as the protocol asks); `body` is the verb's element or the errors.
 */
export function oaiDocument(now: Date, baseUrl: string, request: Attributes | null, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    ROOT +
    textElement('responseDate', datestampOf(now.toISOString())) +
    element('request', request ?? {}, text(baseUrl)) +
    body +
    '</OAI-PMH>\n'
  );
}

/** An error element. */
export function errorElement(error: OaiError): string {
  return textElement('error', error.message, { code: error.code });
}

/** A record's header (status="deleted" when it has no metadata). */
export function headerElement(item: OaiItem): string {
  return element(
    'header',
    { status: item.metadata ? undefined : 'deleted' },
    textElement('identifier', item.identifier),
    textElement('datestamp', datestampOf(item.datestamp)),
    ...item.sets.map((s) => textElement('setSpec', s)),
  );
}

/** A record: its header and, unless deleted, its metadata in `format`. */
export function recordElement(item: OaiItem, format: MetadataFormat): string {
  return element(
    'record',
    {},
    headerElement(item),
    item.metadata ? element('metadata', {}, format.write(item.metadata)) : '',
  );
}

/** A resumption token: the token (empty on the last page) with the list's size and position. */
export function tokenElement(token: string, cursor: number, total: number | null, expires: Date | null = null): string {
  return element(
    'resumptionToken',
    {
      completeListSize: total && total > 0 ? total : undefined,
      cursor,
      expirationDate: expires ? datestampOf(expires.toISOString()) : undefined,
    },
    text(token),
  );
}
