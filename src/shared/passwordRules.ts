/**
 * The one password rule of the site, shared by the server (identity endpoints, account management,
 * CLI, ADMIN_PASSWORD) and the admin forms: at least MIN_PASSWORD_LENGTH characters, at most
 * MAX_PASSWORD_LENGTH.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The detail of the identity endpoints' `WEAK_PASSWORD : …` error (Firebase's wording). */
export const WEAK_PASSWORD_DETAIL = `Password should be at least ${MIN_PASSWORD_LENGTH} characters`;

/** The admin's message for a too short password. */
export const WEAK_PASSWORD_MESSAGE = `Пароль має містити щонайменше ${MIN_PASSWORD_LENGTH} символів`;
export const LONG_PASSWORD_MESSAGE = `Пароль задовгий: щонайбільше ${MAX_PASSWORD_LENGTH} символів`;

/** The detail of `WEAK_PASSWORD : …` for a password over the maximum (Firebase has no maximum of its own). */
export const LONG_PASSWORD_DETAIL = `Password should be at most ${MAX_PASSWORD_LENGTH} characters`;

/** What is wrong with a password under the site's rule: too short, too long, or nothing (null). */
export function passwordProblem(password: string): 'short' | 'long' | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'long';
  return null;
}
