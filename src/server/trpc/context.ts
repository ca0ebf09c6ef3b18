/**
 * The tRPC context: the services a procedure may use, built once per request.
 * Its type is derived (`Context`), never written by hand.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ContentService } from '../content/service';

/** What the server hands every request's context. */
export interface ContextDeps {
  config: Config;
  content: ContentService;
}

export function createContextFactory(deps: ContextDeps) {
  /** Builds the context of one request; `log` is the request's logger when there is one. */
  return async function createContext(opts: { log?: FastifyBaseLogger } = {}) {
    return {
      ...deps,
      log: opts.log,
    };
  };
}

export type Context = Awaited<ReturnType<ReturnType<typeof createContextFactory>>>;
