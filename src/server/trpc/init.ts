/**
 * The one place tRPC is created. Layers:
 * - `router`, `createCallerFactory`: to build and call routers;
 * - `publicProcedure`: anyone; input validated by zod, output passed through superjson;
 * - (identity issue) `adminProcedure`: signed-in staff, narrowing `ctx.user`.
 *
 * The error formatter flattens zod errors into `data.zodError` (field -> messages) for forms, and
 * hides the text of unexpected errors: they are logged and the client gets a generic message.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError, z } from 'zod';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
    const isUnexpected = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: isUnexpected ? 'Внутрішня помилка сервера' : shape.message,
      data: { ...shape.data, stack: undefined, zodError },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Logs unexpected errors with the request's logger; expected ones (4xx) pass silently. */
const logUnexpected = t.middleware(async ({ ctx, next, path, type }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    ctx.log?.error({ err: result.error.cause ?? result.error, path, type }, 'tRPC procedure failed');
  }
  return result;
});

export const publicProcedure = t.procedure.use(logUnexpected);

export { TRPCError };
