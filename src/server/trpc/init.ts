/**
 * The one place tRPC is created. Layers:
 * - `router`, `createCallerFactory`: to build and call routers;
 * - `publicProcedure`: anyone; input validated by zod, output passed through superjson;
 * - `adminProcedure`: signed-in staff (role editor or admin): everything under /edit/admin goes
 *   through it; anonymous gets UNAUTHORIZED, a signed-in user without a role FORBIDDEN. It narrows
 *   `ctx.user` to a user with a role;
 * - `adminOnlyProcedure`: role admin (accounts, the staff directory); an editor gets FORBIDDEN.
 *
 * The error formatter flattens zod errors into `data.zodError` (field -> messages) for forms, and
 * hides the text of unexpected errors: they are logged and the client gets a generic message.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError, z } from 'zod';
import type { Context } from './context';

/** Who may call a procedure; the authorisation tests enumerate procedures by it. */
export interface Meta {
  access: 'public' | 'staff' | 'admin';
}

const t = initTRPC.context<Context>().meta<Meta>().create({
  defaultMeta: { access: 'public' },
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
