/**
 * The OAI-PMH 2.0 repository (https://www.openarchives.org/OAI/openarchivesprotocol.html): answers
 * the six verbs over the store's journal articles, theses, publications and datasets. Every
 * failure the protocol names is an `<error>` in an HTTP 200 answer, never an exception.
 */
import { SITE_NAME } from '../../shared/head/siteFacts';
import { AUDIT_COLLECTION, ContentHistory } from '../content/history';
import type { ContentService } from '../content/service';
import { datestampOf as storedDatestamp } from '../store/datestamp';
import { datestampOf, GRANULARITY, lowerInstant, upperInstant } from './dates';
import { OaiError } from './errors';
import { formatOf, METADATA_FORMATS, type MetadataFormat } from './formats/registry';
import { parseIdentifier, repositoryIdOf } from './identifiers';
import { ListReader, PAGE_SIZE, streamsOf, type DateRange } from './lists';
import type { OaiItem } from './model';
import { parseRequest, type OaiRequest } from './protocol';
import { errorElement, headerElement, oaiDocument, recordElement, tokenElement } from './response';
import { SetLister } from './sets';
import { ItemReader, RECORD_SOURCES } from './sources';
import { TOKEN_LIFETIME_MS, TokenSigner, tokenKey, type ListPosition, type TokenState } from './token';
import { element, textElement } from './xml';

export interface OaiRepositoryOptions {
  content: ContentService;
  /** PUBLIC_URL: the base URL is `{origin}/oai`, identifiers use its host. */
  origin: string;
  /** Identify's adminEmail (SUPPORT_EMAIL). */
  adminEmail: string;
  /** Records or sets per page (default PAGE_SIZE; tests page smaller lists). */
  pageSize?: number;
}

/** metadataPrefix and setSpec as the schema allows them (anything else is a badArgument). */
const PREFIX = /^[A-Za-z0-9\-_.!~*'()]+$/;
const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;

const START: ListPosition = { i: 0, c: null, k: 0 };

export class OaiRepository {
  readonly baseUrl: string;
  private readonly repositoryId: string;
  private readonly history: ContentHistory;
  private readonly pageSize: number;
  private signer: Promise<TokenSigner> | null = null;

  constructor(private readonly options: OaiRepositoryOptions) {
    this.baseUrl = `${options.origin}/oai`;
    this.repositoryId = repositoryIdOf(options.origin);
    this.history = new ContentHistory(options.content.store);
    this.pageSize = options.pageSize ?? PAGE_SIZE;
  }

  private get store() {
    return this.options.content.store;
  }

  private tokens(): Promise<TokenSigner> {
    this.signer ??= tokenKey(this.store).then((key) => new TokenSigner(key));
    this.signer.catch(() => (this.signer = null));
    return this.signer;
  }

  private reader(): ItemReader {
    return new ItemReader(this.options.content, this.history, this.options.origin, this.repositoryId);
  }

  /** The answer to a request's arguments (query string or urlencoded body), an XML document. */
  async answer(params: URLSearchParams): Promise<string> {
    const now = this.options.content.now();
    let request: OaiRequest;
    try {
      request = parseRequest(params);
    } catch (err) {
      if (err instanceof OaiError) return oaiDocument(now, this.baseUrl, null, errorElement(err));
      throw err;
    }
    const echo = { verb: request.verb, ...request.args };
    try {
      return oaiDocument(now, this.baseUrl, echo, await this.verb(request, now));
    } catch (err) {
      if (!(err instanceof OaiError)) throw err;
      // The protocol echoes no arguments after a badArgument.
      return oaiDocument(now, this.baseUrl, err.code === 'badArgument' ? null : echo, errorElement(err));
    }
  }

  private verb(request: OaiRequest, now: Date): Promise<string> {
    switch (request.verb) {
      case 'Identify':
        return this.identify();
      case 'ListMetadataFormats':
        return this.listMetadataFormats(request.args.identifier);
      case 'ListSets':
        return this.listSets(request.args.resumptionToken, now);
      case 'GetRecord':
        return this.getRecord(request.args.identifier!, request.args.metadataPrefix!);
      default:
        return this.list(request, now);
    }
  }

  /**
   * The oldest datestamp of any record: the oldest `datestamp` of the types' documents, or the
   * oldest audit entry (no deletion is older), by single-field indexes.
   */
  private async earliestDatestamp(): Promise<string> {
    const firsts = await Promise.all([
      ...RECORD_SOURCES.map(async (source) => {
        const { collection, ...query } = ListReader.query(
          { mode: 'docs', collection: source.collection, where: [] },
          {},
        );
        const first = (await this.store.list(collection, { ...query, limit: 1 })).items[0];
        return first && storedDatestamp(first.updatedAt, first.data);
      }),
      this.store
        .list<{ at: string }>(AUDIT_COLLECTION, { orderBy: { fields: ['at'], direction: 'asc' }, limit: 1 })
        .then((page) => page.items[0]?.data.at),
    ]);
    const times = firsts.filter((t): t is string => typeof t === 'string').sort();
    return datestampOf(times[0] ?? this.options.content.now().toISOString());
  }

  private async identify(): Promise<string> {
    return element(
      'Identify',
      {},
      textElement('repositoryName', SITE_NAME),
      textElement('baseURL', this.baseUrl),
      textElement('protocolVersion', '2.0'),
      textElement('adminEmail', this.options.adminEmail),
      textElement('earliestDatestamp', await this.earliestDatestamp()),
      textElement('deletedRecord', 'persistent'),
      textElement('granularity', GRANULARITY),
    );
  }

  /** The item an identifier names (deleted ones too), or null. */
  private async item(identifier: string): Promise<OaiItem | null> {
    const ref = parseIdentifier(this.repositoryId, identifier);
    if (!ref) return null;
    const reader = this.reader();
    const doc = await this.store.get<Record<string, unknown>>(ref.collection, ref.id);
    let items: OaiItem[] = [];
    if (doc) items = await reader.itemsOf(ref.collection, doc);
    else {
      const [entry] = (
        await this.history.audit({ collection: ref.collection, action: 'delete', documentId: ref.id, limit: 1 })
      ).entries;
      if (entry) items = await reader.deletedItemsOf(ref.collection, ref.id, entry.at, entry.id);
    }
    return items[(ref.n ?? 1) - 1] ?? null;
  }

  private async listMetadataFormats(identifier: string | undefined): Promise<string> {
    let formats: readonly MetadataFormat[] = METADATA_FORMATS;
    if (identifier !== undefined) {
      const item = await this.item(identifier);
      if (!item) throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}`);
      formats = formats.filter((f) => f.kinds.includes(item.kind));
      if (!formats.length) throw new OaiError('noMetadataFormats', `No metadata format describes ${identifier}`);
    }
    return element(
      'ListMetadataFormats',
      {},
      ...formats.map((f) =>
        element(
          'metadataFormat',
          {},
          textElement('metadataPrefix', f.prefix),
          textElement('schema', f.schema),
          textElement('metadataNamespace', f.namespace),
        ),
      ),
    );
  }

  /** The format of a prefix: badArgument when malformed, cannotDisseminateFormat when unknown. */
  private format(prefix: string): MetadataFormat {
    if (!PREFIX.test(prefix)) throw new OaiError('badArgument', `Malformed metadataPrefix: ${prefix}`);
    const format = formatOf(prefix);
    if (!format) throw new OaiError('cannotDisseminateFormat', `The format ${prefix} is not disseminated here`);
    return format;
  }

  private async getRecord(identifier: string, prefix: string): Promise<string> {
    const format = this.format(prefix);
    const item = await this.item(identifier);
    if (!item) throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}`);
    if (!format.kinds.includes(item.kind))
      throw new OaiError('cannotDisseminateFormat', `${prefix} does not describe ${identifier}`);
    return element('GetRecord', {}, recordElement(item, format));
  }

  /** The resumption token element of a page (none when the whole list fits in it). */
  private async tokenFor(
    state: Omit<TokenState, 'at' | 'n' | 'e'>,
    done: number,
    next: ListPosition | null,
    shown: number,
    now: Date,
  ): Promise<string> {
    if (!next) return done > 0 ? tokenElement('', done, state.t) : '';
    const expires = new Date(now.getTime() + TOKEN_LIFETIME_MS);
    const token = (await this.tokens()).sign({ ...state, at: next, n: done + shown, e: expires.getTime() });
    return tokenElement(token, done, state.t, expires);
  }

  private async listSets(resumptionToken: string | undefined, now: Date): Promise<string> {
    const lister = new SetLister(this.options.content, this.pageSize);
    // An empty token is given (and bad), not absent.
    const state =
      resumptionToken !== undefined
        ? (await this.tokens()).verify(resumptionToken, 'ListSets', now.getTime())
        : { v: 1 as const, verb: 'ListSets' as const, at: START, n: 0, t: await lister.total() };
    const page = await lister.page(state.at);
    if (!page.sets.length) throw new OaiError('badResumptionToken', 'The list of sets has changed: start again');
    const sets = page.sets.map((s) =>
      element('set', {}, textElement('setSpec', s.spec), textElement('setName', s.name)),
    );
    const token = await this.tokenFor(
      { v: 1, verb: 'ListSets', t: state.t },
      state.n,
      page.next,
      page.sets.length,
      now,
    );
    return element('ListSets', {}, ...sets, token);
  }

  private async list(request: OaiRequest, now: Date): Promise<string> {
    const verb = request.verb as 'ListRecords' | 'ListIdentifiers';
    const resumption = request.args.resumptionToken;
    const state = resumption !== undefined ? (await this.tokens()).verify(resumption, verb, now.getTime()) : null;
    const format = this.format(state?.p ?? request.args.metadataPrefix!);
    const set = state ? state.s : request.args.set;
    if (set !== undefined && !SET_SPEC.test(set)) throw new OaiError('badArgument', `Malformed set: ${set}`);
    // `now`: a document scheduled ahead has a datestamp to come (its publication) and joins the lists then.
    const range: DateRange = state
      ? { ...(state.f ? { from: state.f } : {}), ...(state.u ? { until: state.u } : {}), now: now.toISOString() }
      : {
          ...(request.from ? { from: lowerInstant(request.from) } : {}),
          ...(request.until ? { until: upperInstant(request.until) } : {}),
          now: now.toISOString(),
        };
    const streams = streamsOf(set, format.kinds);
    const lists = new ListReader(this.store, this.reader());
    const page = await lists.page(streams, range, state?.at ?? START, this.pageSize);
    if (!page.items.length) {
      if (state)
        throw new OaiError('badResumptionToken', 'The list has changed since the token was given: start again');
      throw new OaiError('noRecordsMatch', 'No records match the arguments');
    }
    const total = state ? state.t : await lists.total(streams, range);
    const base = { v: 1 as const, verb, p: format.prefix, s: set, f: range.from, u: range.until, t: total };
    const token = await this.tokenFor(base, state?.n ?? 0, page.next, page.items.length, now);
    const parts = page.items.map((item) =>
      verb === 'ListRecords' ? recordElement(item, format) : headerElement(item),
    );
    return element(verb, {}, ...parts, token);
  }
}
