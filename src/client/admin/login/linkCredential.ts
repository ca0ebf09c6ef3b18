/**
 * Firebase mode: linking a provider to an existing account. When a provider's sign-in answers
 * `auth/account-exists-with-different-credential` (an account with that email exists, e.g. made in
 * advance by an administrator, and Firebase does not trust the provider for the address), the login
 * page keeps the provider's credential, asks for the account's password, and links the credential
 * after the password sign-in, so the provider signs in to the same account from then on.
 */
import {
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  linkWithCredential,
  OAuthProvider,
  TwitterAuthProvider,
  type AuthCredential,
  type User,
} from 'firebase/auth';
import type { FirebaseError } from 'firebase/app';

export interface PendingLink {
  /** The account's email, as the error reports it (null when the provider gave none). */
  email: string | null;
  credential: AuthCredential;
}

const FROM_ERROR: Record<string, (err: FirebaseError) => AuthCredential | null> = {
  google: (e) => GoogleAuthProvider.credentialFromError(e),
  facebook: (e) => FacebookAuthProvider.credentialFromError(e),
  github: (e) => GithubAuthProvider.credentialFromError(e),
  twitter: (e) => TwitterAuthProvider.credentialFromError(e),
};

/** The credential to link later, when `err` is account-exists-with-different-credential; else null. */
export function pendingLinkFrom(err: unknown, provider: string): PendingLink | null {
  const error = err as FirebaseError;
  if (error?.code !== 'auth/account-exists-with-different-credential') return null;
  const credential = (FROM_ERROR[provider] ?? ((e) => OAuthProvider.credentialFromError(e)))(error);
  if (!credential) return null;
  const email = (error.customData as { email?: unknown } | undefined)?.email;
  return { email: typeof email === 'string' ? email : null, credential };
}

/** The Ukrainian prompt shown while a link waits for the password sign-in. */
export function pendingLinkMessage(link: PendingLink, providerLabel: string): string {
  const who = link.email ? `з адресою ${link.email} ` : '';
  return `Обліковий запис ${who}уже існує. Увійдіть паролем — і «${providerLabel}» буде прив’язано до нього.`;
}

/** Links the kept credential to the user who just signed in with the password. */
export async function completePendingLink(user: User, link: PendingLink): Promise<void> {
  await linkWithCredential(user, link.credential);
}
