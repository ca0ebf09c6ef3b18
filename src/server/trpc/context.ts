/**
 * The tRPC context: the services a procedure may use and the verified user of the request's
 * `__session` cookie, built once per request. Its type is derived (`Context`), never written by hand.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ContentAdminService } from '../content/admin';
import type { DatasetPreviews } from '../datasetFiles/previews';
import { BookOrderService } from '../content/bookOrders';
import type { ContentService } from '../content/service';
import { userFromRequest } from '../http/session';
import type { FederatedAccounts } from '../identity/federation/types';
import type { IdentityBackend } from '../identity/types';
import { bookOrderNotifier } from '../mail/bookOrderNotifier';
import type { MailOutbox } from '../mail/outbox';
import type { RateLimiterFactory } from '../rateLimit';
import type { FileChecksums } from '../scholarly/checksums';
import type { ReadCache } from '../ssr/readCache';

/** The server render's part of a context: the read cache and the set of content types the render read. */
export interface RenderReads {
  readCache: ReadCache;
  reads: Set<string>;
}

/** What the server hands every request's context. */
export interface ContextDeps {
  config: Config;
  content: ContentService;
  identity: IdentityBackend;
  /** Sign-in methods and their unlinking (absent in contexts made without the identity side's extras). */
  federation?: FederatedAccounts;
  /** Where rate limits count (default: in memory; firebase mode: Firestore, shared by every instance). */
  rateLimiter?: RateLimiterFactory;
  /** Outgoing mail (staff notification of book orders); absent: none is sent. */
  outbox?: MailOutbox;
  /** SHA-256 sums of stored files (dataset pages); absent: none are shown. */
  checksums?: FileChecksums;
  /** Previews of dataset files (absent: none are made). */
  previews?: DatasetPreviews;
}

export function createContextFactory(deps: ContextDeps) {
  // One per server, shared by its requests (the book-order limiter counts across them).
  const admin = new ContentAdminService(deps.content);
  const notify =
    deps.outbox &&
    bookOrderNotifier({
      outbox: deps.outbox,
      recipients: deps.config.bookOrderNotifyEmails,
      publicUrl: deps.config.publicUrl,
    });
  const bookOrders = new BookOrderService(deps.content, undefined, deps.rateLimiter, notify);
  /** Builds the context of one request (`req` absent: a call without a request, e.g. a script). */
  return async function createContext(opts: { req?: FastifyRequest; render?: RenderReads } = {}) {
    return {
      ...deps,
      admin,
      bookOrders,
      log: opts.req?.log,
      /** The client's address (behind a proxy: from X-Forwarded-For, as Fastify's trustProxy says). */
      ip: opts.req?.ip ?? null,
      user: await userFromRequest(opts.req, deps.identity),
      /** Present in the server render's calls: where shared reads are kept and what the render read. */
      render: opts.render,
    };
  };
}

export type Context = Awaited<ReturnType<ReturnType<typeof createContextFactory>>>;
