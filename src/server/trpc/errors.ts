/**
 * The one place domain errors become tRPC errors: each kind of `DomainError` (content/errors.ts)
 * gets its code, its message is kept, and its `details` reach the client as `error.data` (through
 * an `ErrorData` cause, which the error formatter in init.ts spreads into the data); a
 * `ValidationError` caused by a ZodError keeps it as the cause, so the formatter flattens it into
 * `data.zodError`. Called by the error middleware every procedure goes through (init.ts).
 */
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { DomainError, type DomainErrorKind, type ErrorDetails } from '../content/errors';

/**
 * Extra fields for the client, attached as a TRPCError's `cause` (e.g. `{ reason: 'stale-version',
 * current }`); the error formatter adds them to `error.data`. Only for expected (4xx) errors.
 */
export class ErrorData extends Error {
  constructor(readonly data: ErrorDetails) {
    super('error data');
    this.name = 'ErrorData';
  }
}

/** The tRPC code (and so the HTTP status) of each kind of domain error. */
export const CODE_OF: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  'not-found': 'NOT_FOUND',
  invalid: 'BAD_REQUEST',
  conflict: 'CONFLICT',
  precondition: 'PRECONDITION_FAILED',
  forbidden: 'FORBIDDEN',
  'rate-limited': 'TOO_MANY_REQUESTS',
};

/** The TRPCError a domain error is answered as. */
export function toTRPCError(err: DomainError): TRPCError {
  const cause =
    err.cause instanceof ZodError
      ? err.cause
      : Object.keys(err.details).length
        ? new ErrorData(err.details)
        : undefined;
  return new TRPCError({ code: CODE_OF[err.kind], message: err.message, cause });
}

/** The domain error behind a procedure's failure (tRPC wraps what it does not know as INTERNAL_SERVER_ERROR), if any. */
export function domainErrorOf(error: TRPCError): DomainError | null {
  return error.code === 'INTERNAL_SERVER_ERROR' && error.cause instanceof DomainError ? error.cause : null;
}
