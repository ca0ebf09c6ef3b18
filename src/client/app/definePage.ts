/**
 * A public page: its path, parameter validation (a failure is a fatal 404), named route middleware,
 * the data it prefetches (through tRPC query utils, on the server and before client navigations)
 * and its component, which reads the same queries with useSuspenseQuery.
 */
import type { ComponentType } from 'react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { TRPCClientError } from '@trpc/client';
import type { HeadSource } from '../../shared/head/sources';
import type { HeadTags } from '../../shared/head/tags';
import { pageNotFoundMessage, resolveRouteMiddleware, type RouteMiddleware } from '../../shared/routes';
import type { AppTRPCClient, QueryUtils } from '../lib/trpc';

export interface PageArgs {
  params: Record<string, string | undefined>;
  url: URL;
}

export interface PageDef<D extends Record<string, unknown> = Record<string, unknown>> {
  path: string;
  validate?: (args: PageArgs) => boolean;
  middleware?: readonly string[];
  /**
   * Values fixed once per navigation and handed to the component as loader data (e.g. «today»), so
   * the server render and hydration ask for the same queries.
   */
  loaderData?: (args: PageArgs) => D;
  prefetch?: (utils: QueryUtils, args: PageArgs, data: D) => Promise<unknown>;
  /**
   * Head sources (structured data) that only the server render writes, by head key: read straight
   * through the tRPC client, not the query cache, so what only crawlers read stays out of the page's
   * state. The browser never rebuilds them; `useServerHead(key)` removes them when the page goes away.
   */
  serverHead?: (client: AppTRPCClient, args: PageArgs) => Promise<Record<string, HeadSource>>;
  /**
   * Handles a form posted to the page without JavaScript (a react-router action; the server answers
   * POST for the paths of pages that have one). Returns a redirect or data the page shows.
   */
  action?: (args: ActionArgs) => Promise<unknown>;
  Component: ComponentType;
}

export interface ActionArgs extends PageArgs {
  request: Request;
  client: AppTRPCClient;
}

/** Paths of the pages that accept a posted form (the server adds POST routes for exactly these). */
export function formPostPaths(pages: readonly PageDef[]): string[] {
  return pages.filter((p) => p.action).map((p) => p.path);
}

export function definePage<D extends Record<string, unknown> = Record<string, unknown>>(def: PageDef<D>): PageDef {
  return def as unknown as PageDef;
}

/** The 404 thrown by loaders; rendered by the page error boundary, status 404 on the server. */
export function notFound(pathname: string): never {
  throw data({ message: pageNotFoundMessage(pathname) }, { status: 404, statusText: 'Not Found' });
}

/**
 * Sends a page reached at another address than its own (an item's internal id instead of its slug)
 * to `path` with 301, keeping the query (preview, page). Called by item pages' prefetch with the
 * document's `publicPath`; thrown as a redirect Response, which the server answers as a 301.
 */
export function canonicalRedirect(url: URL, path: string | null | undefined): void {
  if (path && !path.includes('#') && path !== url.pathname) throw redirect(`${path}${url.search}`, 301);
}

/** Whether a tRPC error means "nothing there" (not found, or input no route could serve). */
function isMissing(err: unknown): boolean {
  const code = err instanceof TRPCClientError ? (err.data as { code?: string } | undefined)?.code : undefined;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** What a route's loader and action work with: query utils and the tRPC client. */
export interface RouteDeps {
  utils: QueryUtils;
  client: AppTRPCClient;
  /** The server render's head collector (pages' `serverHead` write into it); absent in the browser. */
  head?: HeadTags;
}

/** The deps of a loader or action call (the server's come with the request, see `createRoutes`). */
export type DepsOf = (args: { context?: unknown }) => RouteDeps;

/** Builds the action of a page that has one. */
export function pageAction(def: PageDef, depsOf: DepsOf) {
  const action = def.action;
  if (!action) return undefined;
  return (actionArgs: ActionFunctionArgs) => {
    const { params, request } = actionArgs;
    const url = new URL(request.url);
    if (def.validate && !def.validate({ params, url })) notFound(url.pathname);
    return action({ params, url, request, client: depsOf(actionArgs).client });
  };
}

/** Builds the loader of a page: validate, run middleware, prefetch; missing data becomes a 404. */
export function pageLoader(
  def: PageDef,
  depsOf: DepsOf,
  middlewareRegistry: Readonly<Record<string, RouteMiddleware>>,
) {
  const middleware = resolveRouteMiddleware(def.middleware ?? [], middlewareRegistry);
  return async (loaderArgs: LoaderFunctionArgs) => {
    const { params, request } = loaderArgs;
    const { utils, client, head } = depsOf(loaderArgs);
    const url = new URL(request.url);
    const args: PageArgs = { params, url };
    if (def.validate && !def.validate(args)) notFound(url.pathname);
    for (const mw of middleware) await mw({ pathname: url.pathname, params });
    const data = def.loaderData?.(args) ?? {};
    try {
      const [, sources] = await Promise.all([
        def.prefetch?.(utils, args, data),
        head && def.serverHead ? def.serverHead(client, args) : undefined,
      ]);
      if (head && sources) Object.assign(head.sources, sources);
    } catch (err) {
      if (isMissing(err)) notFound(url.pathname);
      throw err;
    }
    return data;
  };
}
