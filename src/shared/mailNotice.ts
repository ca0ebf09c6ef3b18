/**
 * The admin's wording when a mail could not be sent because the server has no mail (SMTP_URL unset):
 * the title the reset and verification actions show, and the own-address change's notice, answered
 * by the embedded identity as MAIL_NOT_CONFIGURED (the SDK's `auth/mail-not-configured`).
 */

/** Title of every «no mail went out» notice in the admin. */
export const NO_MAIL_TITLE = 'Лист не надіслано';

/** The firebase/auth error code of the identity endpoints' MAIL_NOT_CONFIGURED. */
export const MAIL_NOT_CONFIGURED_CODE = 'auth/mail-not-configured';

/** «Змінити мою адресу» without mail: nothing changed, and how the server's administrator changes it instead. */
export function noMailEmailChangeMessage(email: string, newEmail: string): string {
  return `Пошту (SMTP_URL) на сервері не налаштовано, тому лист не надіслано і адресу не змінено. Без листа адресу може змінити адміністратор сервера командою: npm run user -- set-email ${email} ${newEmail}`;
}
