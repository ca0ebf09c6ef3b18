/**
 * FederatedAccounts of firebase mode: accounts in Firebase Authentication (firebase-admin), custom
 * tokens from firebase-admin's createCustomToken (signed by the service account; the runtime's account
 * needs "Service Account Token Creator" on itself, see DEPLOY.md), and the linked OIDC identities in
 * the Firestore collection `_ssoLinks` (one document per identity, id = SHA-256 of `issuer subject`),
 * because Firebase Authentication links only providers it knows. Firebase's own providers
 * ('google.com', …) are read from and unlinked in the user record.
 */
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { firebaseAdminApp, firebaseFirestore } from '../../firebase/adminApp';
import {
  checkUnlinkable,
  OIDC_PROVIDER_ID,
  UnlinkError,
  type FederatedAccounts,
  type SignInMethod,
  type SsoAccount,
} from './types';

export const SSO_LINKS_COLLECTION = '_ssoLinks';

interface LinkDoc {
  uid: string;
  federatedId: string;
  email: string;
  linkedAt: string;
}

const codeOf = (err: unknown): string => (err as { code?: string } | null)?.code ?? '';
const linkId = (federatedId: string) => createHash('sha256').update(federatedId).digest('hex');

export class FirebaseFederatedAccounts implements FederatedAccounts {
  private readonly auth: Auth;
  private readonly db: Firestore;

  constructor(projectId: string) {
    this.auth = getAuth(firebaseAdminApp(projectId));
    this.db = firebaseFirestore(projectId);
  }

  private async linksOf(uid: string): Promise<LinkDoc[]> {
    const snap = await this.db.collection(SSO_LINKS_COLLECTION).where('uid', '==', uid).get();
    return snap.docs.map((d) => d.data() as LinkDoc);
  }

  private async toSso(user: UserRecord): Promise<SsoAccount> {
    const [link] = await this.linksOf(user.uid);
    return { uid: user.uid, email: user.email ?? '', disabled: user.disabled, linkedOidc: link?.federatedId ?? null };
  }

  private async user(get: () => Promise<UserRecord>): Promise<UserRecord | null> {
    try {
      return await get();
    } catch (err) {
      if (codeOf(err) === 'auth/user-not-found') return null;
      throw err;
    }
  }

  async findByOidc(federatedId: string): Promise<SsoAccount | null> {
    const doc = await this.db.collection(SSO_LINKS_COLLECTION).doc(linkId(federatedId)).get();
    if (!doc.exists) return null;
    const user = await this.user(() => this.auth.getUser((doc.data() as LinkDoc).uid));
    return user ? this.toSso(user) : null;
  }

  async findByEmail(email: string): Promise<SsoAccount | null> {
    const user = await this.user(() => this.auth.getUserByEmail(email));
    return user ? this.toSso(user) : null;
  }

  async createForSso(email: string, displayName: string | null): Promise<SsoAccount> {
    const user = await this.auth.createUser({
      email: email.toLowerCase(),
      emailVerified: true,
      displayName: displayName?.trim().slice(0, 256) || undefined,
    });
    return this.toSso(user);
  }

  async linkOidc(uid: string, federatedId: string, email: string): Promise<void> {
    // One OIDC identity per account: earlier links of the account are replaced.
    const batch = this.db.batch();
    for (const old of await this.linksOf(uid))
      batch.delete(this.db.collection(SSO_LINKS_COLLECTION).doc(linkId(old.federatedId)));
    const doc: LinkDoc = { uid, federatedId, email, linkedAt: new Date().toISOString() };
    batch.set(this.db.collection(SSO_LINKS_COLLECTION).doc(linkId(federatedId)), doc);
    await batch.commit();
  }

  customToken(uid: string): Promise<string> {
    return this.auth.createCustomToken(uid);
  }

  async signInMethods(uid: string): Promise<SignInMethod[]> {
    const user = await this.user(() => this.auth.getUser(uid));
    if (!user) throw new UnlinkError('user-not-found', 'Обліковий запис не знайдено');
    const links = await this.linksOf(uid);
    return [
      ...user.providerData.map((p) => ({ providerId: p.providerId, email: p.email ?? p.displayName ?? null })),
      ...links.map((l) => ({ providerId: OIDC_PROVIDER_ID, email: l.email })),
    ];
  }

  async unlink(uid: string, providerId: string): Promise<SignInMethod[]> {
    checkUnlinkable(await this.signInMethods(uid), providerId);
    if (providerId === OIDC_PROVIDER_ID) {
      const batch = this.db.batch();
      for (const l of await this.linksOf(uid))
        batch.delete(this.db.collection(SSO_LINKS_COLLECTION).doc(linkId(l.federatedId)));
      await batch.commit();
    } else {
      await this.auth.updateUser(uid, { providersToUnlink: [providerId] });
    }
    return this.signInMethods(uid);
  }
}
