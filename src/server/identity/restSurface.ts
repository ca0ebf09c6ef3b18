/**
 * The parts of the Identity Toolkit REST surface the embedded provider answers without an account
 * operation, as Google does for a project configured like ours:
 * - GET v2/passwordPolicy: the 8–128 character rule (shared/passwordRules.ts), enforced, in the
 *   GoogleCloudIdentitytoolkitV2PasswordPolicy shape (schemaVersion 1, what the SDK's
 *   validatePassword expects; firebase-tools' apiSpec.js);
 * - the sign-in methods of providers this project does not offer (IdP, phone, Game Center) answer OPERATION_NOT_ALLOWED, as a provider switched off in the console does.
 */
import { IdentityError } from './errors';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/passwordRules';

export const PASSWORD_POLICY = {
  customStrengthOptions: { minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: MAX_PASSWORD_LENGTH },
  // Google lists the characters that count as non-alphanumeric even when none is required.
  allowedNonAlphanumericCharacters: '^$*.[]{}()?"!@#%&/\\,><\':;|_~'.split(''),
  enforcementState: 'ENFORCE',
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
} as const;

/** Methods of providers that are off here; each answers OPERATION_NOT_ALLOWED. */
const DISABLED_METHODS = [
  'accounts:signInWithIdp',
  'accounts:signInWithPhoneNumber',
  'accounts:sendVerificationCode',
  'accounts:signInWithGameCenter',
];

const refuse = (): Promise<Record<string, unknown>> => Promise.reject(new IdentityError('OPERATION_NOT_ALLOWED'));

/** The route table's entries for the disabled providers' methods. */
export const disabledProviderActions: Record<string, () => Promise<Record<string, unknown>>> = Object.fromEntries(
  DISABLED_METHODS.map((method) => [method, refuse]),
);
