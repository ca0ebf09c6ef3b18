/**
 * Brute-force protection for password sign-in (rate-limiter-flexible): after `maxFailures` failed
 * attempts for one account, or 4x that from one client address, within the lock period, sign-in
 * answers TOO_MANY_ATTEMPTS_TRY_LATER until the lock period has passed. A success clears the
 * account's counter. Figures in the spirit of common CMS defaults: 5 failures, 15 minutes.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface LimiterOptions {
  maxFailures: number;
  lockSeconds: number;
}

export class SignInLimiter {
  private readonly perAccount: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(options: LimiterOptions) {
    const common = { duration: options.lockSeconds, blockDuration: options.lockSeconds };
    this.perAccount = new RateLimiterMemory({ ...common, keyPrefix: 'acct', points: options.maxFailures });
    this.perAddress = new RateLimiterMemory({ ...common, keyPrefix: 'addr', points: options.maxFailures * 4 });
  }

  /** Whether the account or the address is locked now. */
  async isLocked(email: string, address: string): Promise<boolean> {
    const [a, b] = await Promise.all([this.perAccount.get(email.toLowerCase()), this.perAddress.get(address)]);
    return isExhausted(a) || isExhausted(b);
  }

  /** Records a failed attempt against the account and the address. */
  async fail(email: string, address: string): Promise<void> {
    await Promise.all([
      this.perAccount.penalty(email.toLowerCase(), 1).then(() => this.block(this.perAccount, email.toLowerCase())),
      this.perAddress.penalty(address, 1).then(() => this.block(this.perAddress, address)),
    ]);
  }

  /** Clears the account's failures after a successful sign-in. */
  async succeed(email: string): Promise<void> {
    await this.perAccount.delete(email.toLowerCase());
  }

  private async block(limiter: RateLimiterMemory, key: string): Promise<void> {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) await limiter.block(key, limiter.blockDuration);
  }
}

function isExhausted(res: RateLimiterRes | null): boolean {
  return !!res && res.consumedPoints >= 1 && res.remainingPoints <= 0;
}
