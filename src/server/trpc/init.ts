/**
 * The one place tRPC is created. Layers:
 * - `router`, `createCallerFactory`: to build and call routers;
 * - `publicProcedure`: anyone; input validated by zod, output passed through superjson;
 * - `adminProcedure`: signed-in staff (role editor or admin): everything under /edit/admin goes
 *   through it; anonymous gets UNAUTHORIZED, a signed-in user without a role FORBIDDEN. It narrows
 *   `ctx.user` to a user with a role;
 * - `adminOnlyProcedure`: role admin (accounts, the staff directory); an editor gets FORBIDDEN.
 *
 * Services throw domain errors (content/errors.ts); the error middleware every procedure goes
 * through turns them into TRPCErrors (trpc/errors.ts: the one place that maps them). The error
 * formatter flattens zod errors into `data.zodError` (`fieldErrors`: dotted path ->
 * messages, e.g. `email` or, for nested inputs such as `{ id, version, data }`, `data.title`;
 * `formErrors`: issues of the whole input) for forms, adds the fields of an `ErrorData` cause to
 * `data` (a domain error's details, e.g. `current` on a version conflict), and hides the text of
 * unexpected errors: they are logged and the client gets a generic message. A write that fails because the disk is full
 * (SQLITE_FULL, ENOSPC…) is logged and answered PAYMENT_REQUIRED (402, not retried, like the file
 * storage's full bucket) with DISK_FULL_MESSAGE and `data.reason` 'disk-full'; SQLite has rolled
 * the transaction back, so nothing of it was written.
 */
import { initTRPC, TRPCError, type TRPCDefaultErrorShape } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { DISK_FULL_MESSAGE, isDiskFullError } from '../diskFull';
import type { Context } from './context';
import { typesReadBy } from '../ssr/procedureReads';
import { ReadCache } from '../ssr/readCache';
import { domainErrorOf, ErrorData, toTRPCError } from './errors';

export { ErrorData };

/** z.flattenError with the whole path as the key (flattenError keeps only the first segment). */
function flattenZodError(error: ZodError): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    if (!issue.path.length) formErrors.push(issue.message);
    else (fieldErrors[issue.path.map(String).join('.')] ??= []).push(issue.message);
  }
  return { formErrors, fieldErrors };
}

/** Who may call a procedure (the authorisation tests enumerate procedures by it), and whether its answer is shared. */
export interface Meta {
  access: 'public' | 'staff' | 'admin';
  /**
   * The answer depends only on the input and the content (the same for every caller), so the
   * server render may reuse it until a type it reads changes (ssr/readCache.ts). A function decides
   * per input (e.g. not for a preview, which depends on who asks).
   */
  sharedRead?: boolean | ((input: unknown) => boolean);
}

/** tRPC's default error shape, as its HTTP adapter sends it before our formatter. */
export type DefaultErrorShape = TRPCDefaultErrorShape;

/**
 * The error shape every caller sees (the HTTP API and the server render's in-process client alike):
 * zod errors flattened into `data.zodError`, an `ErrorData` cause's fields added to `data`, the text of
 * unexpected errors hidden.
 */
export function formatError({ shape, error }: { shape: DefaultErrorShape; error: TRPCError }) {
  const zodError = error.cause instanceof ZodError ? flattenZodError(error.cause) : null;
  const isUnexpected = error.code === 'INTERNAL_SERVER_ERROR';
  const extra = error.cause instanceof ErrorData && !isUnexpected ? error.cause.data : {};
  return {
    ...shape,
    message: isUnexpected ? 'Внутрішня помилка сервера' : shape.message,
    data: { ...shape.data, stack: undefined, zodError, ...extra },
  };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    defaultMeta: { access: 'public' },
    transformer: superjson,
    errorFormatter: formatError,
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Maps the errors of every procedure: a domain error becomes its TRPCError (trpc/errors.ts), passing
 * silently like every expected (4xx) error; unexpected errors are logged with the request's logger.
 * A full disk becomes PAYMENT_REQUIRED with DISK_FULL_MESSAGE (logged as an error: the operator must act).
 */
const logUnexpected = t.middleware(async ({ ctx, next, path, type }) => {
  const result = await next();
  const domain = result.ok ? null : domainErrorOf(result.error);
  if (domain) throw toTRPCError(domain);
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    if (isDiskFullError(result.error.cause)) {
      ctx.log?.error({ err: result.error.cause, path, type }, 'tRPC procedure failed: the disk is full');
      throw new TRPCError({
        code: 'PAYMENT_REQUIRED',
        message: DISK_FULL_MESSAGE,
        cause: new ErrorData({ reason: 'disk-full' }),
      });
    }
    ctx.log?.error({ err: result.error.cause ?? result.error, path, type }, 'tRPC procedure failed');
  }
  return result;
});

/**
 * Server render only (`ctx.render`): records the content types each call reads, for the page
 * cache's invalidation, and answers shared reads (`Meta.sharedRead`) from the read cache, keeping
 * each new answer there (ssr/readCache.ts). The kept value is the procedure's result as `next()`
 * returned it (its `ok`, `data` and `marker`), so a hit is what a run would return.
 */
const renderReads = t.middleware(async ({ ctx, meta, path, type, getRawInput, next }) => {
  const render = ctx.render;
  if (!render) return next();
  const types = typesReadBy(path);
  for (const read of types) render.reads.add(read);
  const shared = type === 'query' ? meta?.sharedRead : undefined;
  if (!shared) return next();
  const input = await getRawInput();
  if (typeof shared === 'function' && !shared(input)) return next();
  const key = ReadCache.key(path, input);
  const kept = render.readCache.get(key);
  if (kept) return kept.value as Awaited<ReturnType<typeof next>>;
  const since = render.readCache.mark();
  const result = await next();
  if (!result.ok) return result;
  // The answer without the context the result also carries (the request: neither shared nor JSON).
  return render.readCache.store(key, { ok: true, data: result.data, marker: result.marker }, types, since);
});

export const publicProcedure = t.procedure.use(logUnexpected).use(renderReads);

export const adminProcedure = publicProcedure.meta({ access: 'staff' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Увійдіть, щоб продовжити' });
  const { role } = ctx.user;
  if (!role) throw new TRPCError({ code: 'FORBIDDEN', message: 'Недостатньо прав' });
  return next({ ctx: { ...ctx, user: { ...ctx.user, role } } });
});

export const adminOnlyProcedure = adminProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Лише для адміністраторів' });
  return next();
});

export { TRPCError };
