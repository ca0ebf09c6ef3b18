/**
 * The content domain's errors. Services (content/, search/) throw these and never a transport's
 * error: the tRPC layer maps them to TRPCErrors in one place (trpc/errors.ts), and other callers
 * (HTTP routes, the CLI, the seed) handle them as they see fit. Each error's message is the Ukrainian
 * text the user reads; `details` are the fields the admin UI reads beside it (`reason`, `field`,
 * `current`, `referrers`, `total`, `zodError`, `retryAfterSeconds`…), sent as the API error's data.
 * A `ValidationError` may carry the ZodError that failed as its `cause` (sent as `data.zodError`).
 */
import type { ErrorReason } from '../../shared/content/errorReasons';

export type { ErrorReason };

/** What went wrong, independent of any transport (the tRPC layer picks a code for each). */
export type DomainErrorKind = 'not-found' | 'invalid' | 'conflict' | 'precondition' | 'forbidden' | 'rate-limited';

/** Field messages of a form, keyed by the dotted path of the field (as zod names it). */
export interface FieldErrors {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/** Fields for the client beside an error's message; `reason` is one of the shared ErrorReason names. */
export interface ErrorDetails {
  reason?: ErrorReason;
  [field: string]: unknown;
}

/** The base of every domain error. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    message: string,
    /** Fields for the client beside the message (sent as the API error's data). */
    readonly details: ErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** `details.reason`, when there is one. */
  get reason(): ErrorReason | undefined {
    return this.details.reason;
  }
}

/** Something asked for does not exist (or the caller may not know it does). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The input is wrong (bad data, a bad cursor, an action the type does not support). */
export class ValidationError extends DomainError {
  readonly kind = 'invalid';
}

/** The write lost a race or collides with other data (a stale version, a taken slug, an existing document). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The current state does not allow the action (e.g. deleting a document others refer to). */
export class PreconditionError extends DomainError {
  readonly kind = 'precondition';
}

/** The caller may not do this (beyond the role checks of the transport: e.g. a value only admins may set). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** Too many requests from one client; `details.retryAfterSeconds` says when to try again. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate-limited';
}

/** Field errors naming one message per field (`{ formErrors: [], fieldErrors: { field: [message] } }`). */
export function fieldErrorsOf(messages: Record<string, string>): FieldErrors {
  return {
    formErrors: [],
    fieldErrors: Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, [message]])),
  };
}
