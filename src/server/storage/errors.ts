/**
 * Errors of the storage endpoints and how they are sent. The firebase/storage SDK maps only the
 * status code (its `sharedErrorHandler` / `objectErrorHandler`): 401 -> storage/unauthenticated,
 * 402 -> storage/quota-exceeded, 403 -> storage/unauthorized, 404 -> storage/object-not-found (object
 * requests), 5xx/408/429 -> retried, anything else -> storage/unknown with `serverResponse` set from
 * the connection's error text, which in browsers is the XHR `statusText`. So every error carries its
 * message twice: in the Cloud Storage JSON body `{"error": {"code", "message"}}` and as the HTTP
 * reason phrase (HTTP/1.1 only; ASCII).
 */
import type { FastifyReply } from 'fastify';
import { DISK_FULL_REASON } from '../../shared/storageErrors';

export class StorageHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StorageHttpError';
  }
}

export const badRequest = (message: string) => new StorageHttpError(400, message);
export const notFound = (message = 'Not Found.') => new StorageHttpError(404, message);

/** Thrown when a write would take the bucket past STORAGE_QUOTA_BYTES (answered with 402). */
export class QuotaExceededError extends StorageHttpError {
  constructor(bucket: string) {
    super(402, `Quota for bucket '${bucket}' exceeded.`);
    this.name = 'QuotaExceededError';
  }
}

/**
 * A write refused because the server's disk is full (ENOSPC, EDQUOT, EFBIG, SQLITE_FULL; see
 * diskFull.ts). Answered as Cloud Storage answers a full bucket, 402, which the SDK reports as
 * `storage/quota-exceeded` without retrying (it retries every 5xx, so 507 would be retried for
 * minutes); the reason phrase carries DISK_FULL_REASON so the admin can tell it from the quota.
 */
export class DiskFullError extends StorageHttpError {
  constructor(bucket: string) {
    super(402, `Quota for bucket '${bucket}' exceeded: ${DISK_FULL_REASON}.`);
    this.name = 'DiskFullError';
  }
}

/** An HTTP reason phrase must be visible ASCII (Node refuses anything else in statusMessage). */
function reasonPhrase(message: string): string {
  return message.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

/** Sends `{"error": {"code": status, "message": message}}` with the message as the reason phrase. */
export function sendStorageError(reply: FastifyReply, status: number, message: string): FastifyReply {
  reply.raw.statusMessage = reasonPhrase(message);
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ error: { code: status, message } });
}
