/**
 * Who a verified provider identity signs in as: the account its identity is linked to; else the
 * account with its (verified) email, which is then linked, unless that account is already linked to
 * another identity of the provider (a reassigned mailbox: an administrator unlinks the old one first);
 * else, when the email's domain is in OIDC_ALLOWED_DOMAINS, a new account with no role. Anything else
 * is an SsoError the login page explains.
 */
import type { FederatedAccounts, SsoAccount } from '../federation/types';
import { SsoError, type SsoIdentity } from './client';

export interface ResolvedAccount {
  account: SsoAccount;
  created: boolean;
}

/** The account an identity signs in as (see the module comment); throws SsoError. */
export async function resolveSsoAccount(
  identity: SsoIdentity,
  accounts: FederatedAccounts,
  allowedDomains: readonly string[],
): Promise<ResolvedAccount> {
  const linked = await accounts.findByOidc(identity.federatedId);
  if (linked) {
    if (linked.disabled) throw new SsoError('disabled', `account ${linked.uid} is disabled`);
    return { account: linked, created: false };
  }
  const email = identity.email;
  if (!email || !identity.emailVerified) throw new SsoError('unverified', 'the provider gave no verified email');
  const existing = await accounts.findByEmail(email);
  if (existing) {
    if (existing.disabled) throw new SsoError('disabled', `account ${existing.uid} is disabled`);
    if (existing.linkedOidc && existing.linkedOidc !== identity.federatedId)
      throw new SsoError('linked-other', `account ${existing.uid} is linked to another identity`);
    await accounts.linkOidc(existing.uid, identity.federatedId, email);
    return { account: existing, created: false };
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!allowedDomains.includes(domain))
    throw new SsoError(allowedDomains.length ? 'domain' : 'unknown', `no account for ${domain} addresses`);
  const created = await accounts.createForSso(email, identity.name);
  await accounts.linkOidc(created.uid, identity.federatedId, email);
  return { account: created, created: true };
}
