/**
 * Rate limits of the embedded identity endpoints (rate-limiter-flexible, in memory).
 *
 * Sign-in (brute-force protection): every attempt first reserves a point for the account (email) and
 * one for the client address, atomically, before the password is checked; a success gives its points
 * back. So within a lock period at most `maxFailures` guesses per account (and 4x that per address)
 * are ever checked, however many requests arrive at once; further attempts answer
 * TOO_MANY_ATTEMPTS_TRY_LATER until the period has passed. Figures in the spirit of common CMS
 * defaults: 5 failures, 15 minutes.
 *
 * Password-reset requests (accounts:sendOobCode): at most `maxPerEmail` per email address and 10x that
 * per client address per hour, counted alike for known and unknown addresses. The counts live where
 * the given `RateLimiterFactory` keeps them: in memory by default, in Firestore for firebase mode's
 * sign-in links (rateLimit.ts), so that every server instance counts against one limit.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { memoryRateLimiter, type RateLimiter, type RateLimiterFactory } from '../rateLimit';

export interface LimiterOptions {
  /** Failed sign-ins per account within `lockSeconds` (per address: four times as many). */
  maxFailures: number;
  /** Length of the counting window and of the lock, in seconds. */
  lockSeconds: number;
}

/** Gives back one point taken with `take`, unless the window has meanwhile ended (no credit beyond it). */
async function giveBack(limiter: RateLimiterMemory, key: string): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.consumedPoints > 0) await limiter.reward(key, 1);
}

/** Takes one point; false when the key has none left (it is then blocked for the limiter's blockDuration). */
async function take(limiter: RateLimiterMemory, key: string): Promise<boolean> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();

export class SignInLimiter {
  private readonly perAccount: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(options: LimiterOptions) {
    const common = { duration: options.lockSeconds, blockDuration: options.lockSeconds };
    this.perAccount = new RateLimiterMemory({ ...common, keyPrefix: 'acct', points: options.maxFailures });
    this.perAddress = new RateLimiterMemory({ ...common, keyPrefix: 'addr', points: options.maxFailures * 4 });
  }

  /**
   * Reserves one attempt for the account and the address before the password is checked. Resolves
   * false (nothing reserved) when either is used up or locked: the caller must then refuse without
   * checking the password.
   */
  async reserve(email: string, address: string): Promise<boolean> {
    if (!(await take(this.perAddress, address))) return false;
    if (await take(this.perAccount, accountKey(email))) return true;
    // Refused for the account: the attempt is not checked, so it does not count against the address.
    await giveBack(this.perAddress, address);
    return false;
  }

  /** After a successful sign-in: clears the account's failures and gives the address its point back. */
  async succeed(email: string, address: string): Promise<void> {
    await Promise.all([this.perAccount.delete(accountKey(email)), giveBack(this.perAddress, address)]);
  }
}

export interface ResetLimiterOptions {
  /** Password-reset requests per email address per hour (per client address: ten times as many). */
  maxPerEmail: number;
}

export class ResetRequestLimiter {
  private readonly perEmail: RateLimiter;
  private readonly perAddress: RateLimiter;

  /** `limiters` makes the two counters (default: in this process's memory). */
  constructor(options: ResetLimiterOptions, limiters: RateLimiterFactory = memoryRateLimiter) {
    this.perEmail = limiters({ name: 'reset-email', points: options.maxPerEmail, durationSeconds: 3600 });
    this.perAddress = limiters({
      name: 'reset-addr',
      points: options.maxPerEmail * 10,
      durationSeconds: 3600,
    });
  }

  /** Counts one request; false when the email or the address has had its share this hour. */
  async allow(email: string, address: string): Promise<boolean> {
    if (!(await this.perAddress.consume(address)).allowed) return false;
    return (await this.perEmail.consume(accountKey(email))).allowed;
  }
}
