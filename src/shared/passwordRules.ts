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
