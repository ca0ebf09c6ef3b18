/**
 * Cloud Storage that cannot be reached (no such host, connection refused, no credentials): the
 * bucket port (cloudPort.ts) turns those failures of @google-cloud/storage (node-fetch's
 * `FetchError` with a system `code`, gaxios errors, google-auth-library's missing credentials) into
 * one error whose message is one line naming the endpoint, the bucket, the reason and the remedy,
 * so the server's start (seed), `npm run export` and `npm run import` can print it without a stack.
 */

/** Node's codes for a host that does not resolve or answer. */
const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What to set so files can be stored (the seed adds `SEED=false`). */
export const STORAGE_REMEDY =
  'set STORAGE_EMULATOR_HOST to a Storage emulator, or FIREBASE_STORAGE_BUCKET to a real bucket with credentials (GOOGLE_APPLICATION_CREDENTIALS)';

/** Storage at `endpoint` could not be reached for `bucket`; `reason` is the first line of the cause. */
export class StorageUnreachableError extends Error {
  constructor(
    readonly endpoint: string,
    readonly bucket: string,
    readonly reason: string,
    /** What was being done (`the seed's files cannot be stored: `) and a further remedy (`, or SEED=false`). */
    context: { doing?: string; orElse?: string } = {},
  ) {
    super(
      `${context.doing ?? ''}Cloud Storage at ${endpoint} (bucket ${bucket}) cannot be reached: ${reason}; ${STORAGE_REMEDY}${context.orElse ?? ''}`,
    );
    this.name = 'StorageUnreachableError';
  }

  /** The same failure, said for a task (`doing`) that has another way out (`orElse`). */
  during(doing: string, orElse = ''): StorageUnreachableError {
    return new StorageUnreachableError(this.endpoint, this.bucket, this.reason, { doing, orElse });
  }
}

/**
 * The one-line reason when `err` means a Google service (storage; firebase-admin's Auth, whose
 * `app/network-error` reads «Error while making request: {reason}. Error code: {CODE}») is
 * unreachable (network or credentials), else null.
 */
export function unreachableReason(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  const causeCode = (err.cause as { code?: unknown } | undefined)?.code;
  const message = err.message.split('\n')[0]!;
  if (code === 'app/network-error')
    return message.replace(/^Error while making request: /, '').replace(/\. Error code: \w+$/, '');
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return message.replace(/^.*reason: /, '');
  if (typeof causeCode === 'string' && NETWORK_CODES.has(causeCode)) return `${causeCode}: ${message}`;
  if (/Could not load the default credentials/i.test(message))
    return 'no credentials (Application Default Credentials)';
  return null;
}

/** Runs a storage call, rethrowing unreachable-storage failures as StorageUnreachableError (naming `endpoint()`). */
export async function reaching<T>(endpoint: () => string, bucket: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const reason = unreachableReason(err);
    throw reason ? new StorageUnreachableError(endpoint(), bucket, reason) : err;
  }
}
