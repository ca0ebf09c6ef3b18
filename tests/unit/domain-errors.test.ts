/**
 * Domain errors (content/errors.ts) reach API clients as the tRPC errors they were before the
 * services stopped importing tRPC: each kind gets its code and HTTP status, the message is kept, the
 * details arrive as `error.data`, and a ZodError cause becomes `data.zodError`. Called over tRPC's
 * fetch adapter through the real `publicProcedure` (so through the one mapping middleware).
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  fieldErrorsOf,
  ForbiddenError,
  NotFoundError,
  PreconditionError,
  RateLimitedError,
  ValidationError,
} from '../../src/server/content/errors';
import type { Context } from '../../src/server/trpc/context';
import { publicProcedure, router } from '../../src/server/trpc/init';

const zodFailure = z.object({ title: z.string().min(3, 'Закоротка назва') }).safeParse({ title: 'a' }).error!;

const cases: Array<{ error: DomainError; status: number; code: string; data: Record<string, unknown> }> = [
  { error: new NotFoundError('Новина: не знайдено'), status: 404, code: 'NOT_FOUND', data: { zodError: null } },
  {
    error: new ValidationError('Перевірте поля: title: Закоротка назва', {}, { cause: zodFailure }),
    status: 400,
    code: 'BAD_REQUEST',
    data: { zodError: { formErrors: [], fieldErrors: { title: ['Закоротка назва'] } } },
  },
  {
    error: new ConflictError('Така адреса вже використовується', {
      reason: 'slug-taken',
      field: 'slug',
      zodError: fieldErrorsOf({ slug: 'Така адреса вже використовується' }),
    }),
    status: 409,
    code: 'CONFLICT',
    data: {
      reason: 'slug-taken',
      field: 'slug',
      zodError: { formErrors: [], fieldErrors: { slug: ['Така адреса вже використовується'] } },
    },
  },
  {
    error: new PreconditionError('Документ використовується: «Відділ»', {
      reason: 'in-use',
      total: 1,
      referrers: [{ collection: 'users', id: 'u1', title: 'Відділ' }],
    }),
    status: 412,
    code: 'PRECONDITION_FAILED',
    data: { reason: 'in-use', total: 1, referrers: [{ collection: 'users', id: 'u1', title: 'Відділ' }] },
  },
  { error: new ForbiddenError('Лише адміністратор'), status: 403, code: 'FORBIDDEN', data: { zodError: null } },
  {
    error: new RateLimitedError('Забагато замовлень. Спробуйте пізніше.', {
      reason: 'rate-limited',
      retryAfterSeconds: 60,
    }),
    status: 429,
    code: 'TOO_MANY_REQUESTS',
    data: { reason: 'rate-limited', retryAfterSeconds: 60 },
  },
];

const testRouter = router(
  Object.fromEntries(
    cases.map((c, i) => [
      `case${i}`,
      publicProcedure.query(() => {
        throw c.error;
      }),
    ]),
  ),
);

async function call(path: string) {
  const res = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(`http://localhost/api/trpc/${path}`),
    router: testRouter,
    createContext: () => ({}) as Context,
  });
  return {
    status: res.status,
    body: (await res.json()) as { error: { json: { message: string; data: Record<string, unknown> } } },
  };
}

describe('domain errors over tRPC', () => {
  for (const [i, c] of cases.entries()) {
    it(`answers ${c.error.name} as ${c.code} (${c.status}) with its message and details`, async () => {
      const { status, body } = await call(`case${i}`);
      expect(status).toBe(c.status);
      expect(body.error.json.message).toBe(c.error.message);
      expect(body.error.json.data).toMatchObject({ code: c.code, httpStatus: c.status, ...c.data });
    });
  }

  it('keeps the text of errors that are not domain errors away from the client', async () => {
    const r = router({
      boom: publicProcedure.query(() => {
        throw new Error('secret database detail');
      }),
    });
    const res = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://localhost/api/trpc/boom'),
      router: r,
      createContext: () => ({}) as Context,
    });
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('secret database detail');
  });
});
