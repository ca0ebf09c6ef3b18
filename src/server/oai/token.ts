/**
 * Resumption tokens (protocol §3.5): the position of an incomplete list, signed with HMAC-SHA256
 * so a forged or altered token is refused, and valid for TOKEN_LIFETIME_MS. The key is random,
 * made once and kept in the document store (`_oai/token-key`), so every instance in firebase mode
 * signs and checks alike and tokens survive restarts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DocumentExistsError, type DocumentStore } from '../store/port';
import { OaiError } from './errors';

/** How long a token may be used: a day (harvesters pause between pages). */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const KEY_COLLECTION = '_oai';
const KEY_ID = 'token-key';

const positionSchema = z.object({
  /** Index of the list's current stream (lists.ts) or ListSets stage. */
  i: z.number().int().min(0).max(100),
  /** The store cursor within it, or null at its start. */
  c: z.string().max(2000).nullable(),
  /** Records of the document at the cursor's next already sent (an issue's articles). */
  k: z.number().int().min(0).max(100_000),
});
export type ListPosition = z.infer<typeof positionSchema>;

const stateSchema = z.object({
  v: z.literal(1),
  verb: z.enum(['ListRecords', 'ListIdentifiers', 'ListSets']),
  /** metadataPrefix, set, from, until as first asked. */
  p: z.string().max(100).optional(),
  s: z.string().max(300).optional(),
  f: z.string().max(30).optional(),
  u: z.string().max(30).optional(),
  at: positionSchema,
  /** Records sent before this page (the token's `cursor`). */
  n: z.number().int().min(0),
  /** completeListSize, when known. */
  t: z.number().int().min(0).nullable(),
  /** Expiry, ms since the epoch. */
  e: z.number().int(),
});
export type TokenState = z.infer<typeof stateSchema>;

/** The store's signing key, made on first use (two instances racing both read the winner's). */
export async function tokenKey(store: DocumentStore): Promise<Buffer> {
  const read = async () => (await store.get<{ key: string }>(KEY_COLLECTION, KEY_ID))?.data.key;
  let key = await read();
  if (!key) {
    try {
      await store.create(KEY_COLLECTION, { key: randomBytes(32).toString('base64') }, { id: KEY_ID });
    } catch (err) {
      if (!(err instanceof DocumentExistsError)) throw err;
    }
    key = await read();
  }
  return Buffer.from(key!, 'base64');
}

export class TokenSigner {
  constructor(private readonly key: Buffer) {}

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  /** The token of a list's state. */
  sign(state: TokenState): string {
    const payload = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The state of a token for `verb`; badResumptionToken when forged, altered, of another verb or expired. */
  verify(token: string, verb: TokenState['verb'], now: number): TokenState {
    const bad = (why: string) => new OaiError('badResumptionToken', `The resumption token ${why}`);
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length || token.length > 4000) throw bad('is not one of this repository');
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw bad('is not one of this repository');
    let state: TokenState;
    try {
      state = stateSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    } catch {
      throw bad('is not one of this repository');
    }
    if (state.verb !== verb) throw bad(`belongs to ${state.verb}`);
    if (state.e < now) throw bad('has expired');
    return state;
  }
}
