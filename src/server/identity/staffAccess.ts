/**
 * Firebase mode: the current role and disabled flag of each account, in the Firestore document
 * `_staffAccess/{uid}` ({ role: 'admin' | 'editor' | null, disabled, updatedAt }), written by the
 * server together with the custom claim. `storage.rules` read it with `firestore.get()`, so a
 * demotion or a disable takes effect on the next Storage request instead of when the ID token
 * (with its old claim) expires. A missing document means no access (fail closed).
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { userPages } from './firebaseUsers';
import { roleOfClaims, type Role } from './types';

export const STAFF_ACCESS_COLLECTION = '_staffAccess';

export interface StaffAccess {
  role: Role | null;
  disabled: boolean;
  updatedAt: string;
}

export class StaffAccessMirror {
  constructor(private readonly db: Firestore) {}

  /** Records an account's role and disabled flag (before its claim changes, so rules never lag the claim). */
  async write(uid: string, role: Role | null, disabled: boolean): Promise<void> {
    const doc: StaffAccess = { role, disabled, updatedAt: new Date().toISOString() };
    await this.db.collection(STAFF_ACCESS_COLLECTION).doc(uid).set(doc);
  }

  async remove(uid: string): Promise<void> {
    await this.db.collection(STAFF_ACCESS_COLLECTION).doc(uid).delete();
  }

  /**
   * Writes the document of every account (start-up: accounts made before the mirror existed, or
   * changed in the console), a batch per page of userPages.
   */
  async syncAll(auth: Auth): Promise<number> {
    let count = 0;
    for await (const users of userPages(auth)) {
      const batch = this.db.batch();
      for (const user of users) {
        const doc: StaffAccess = {
          role: roleOfClaims(user.customClaims),
          disabled: user.disabled,
          updatedAt: new Date().toISOString(),
        };
        batch.set(this.db.collection(STAFF_ACCESS_COLLECTION).doc(user.uid), doc);
        count += 1;
      }
      if (users.length) await batch.commit();
    }
    return count;
  }
}
