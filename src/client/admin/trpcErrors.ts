/** What the admin reads from a failed tRPC call: the Ukrainian message and the server's error data. */
import { TRPCClientError } from '@trpc/client';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { ErrorReason } from '../../shared/content/errorReasons';
import { transportFailure } from '../lib/transportFailure';
import type { AdminDoc } from './contentApi';

/** `error.data` of a failed call, as far as the admin reads it (see server/trpc/init.ts and errors.ts). */
export interface TrpcErrorData {
  code?: TRPC_ERROR_CODE_KEY;
  /** Why a CONFLICT, PRECONDITION_FAILED… happened: one of the shared ErrorReason names. */
  reason?: ErrorReason;
  /** Server field messages by dotted path (`data.title` for the admin's `{ id, version, data }` inputs). */
  zodError?: { fieldErrors?: Record<string, string[]> } | null;
  /** The stored document, on a stale version. */
  current?: AdminDoc;
}

/** The error data of a failed tRPC call; `{}` for any other error. */
export function trpcErrorData(error: unknown): TrpcErrorData {
  return error instanceof TRPCClientError ? ((error.data ?? {}) as TrpcErrorData) : {};
}

/** The Ukrainian message to show for a failed tRPC call (server messages are already Ukrainian). */
export function trpcErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const code = trpcErrorData(error).code;
    if (code === 'UNAUTHORIZED') return 'Сеанс завершився. Увійдіть знову.';
    if (code === 'FORBIDDEN') return 'Недостатньо прав для цієї дії.';
    if (code === 'INTERNAL_SERVER_ERROR') return 'Внутрішня помилка сервера. Спробуйте пізніше.';
    // A request that never got an answer (fetch's TypeError, in English) has no server message; an
    // answer that is not our API's (a proxy's HTML error page) has the JSON parser's, in English.
    const failure = transportFailure(error);
    if (failure === 'not-our-api') return 'Сервер не відповідає. Спробуйте ще раз за хвилину.';
    if (failure) return 'Немає зв’язку з сервером.';
    if (error.message) return error.message;
  }
  if (error instanceof TypeError) return 'Немає зв’язку з сервером.';
  return 'Не вдалося виконати дію.';
}
