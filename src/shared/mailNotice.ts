/**
 * The admin's wording when a mail could not be sent because the server has no mail (SMTP_URL unset):
 * the title the reset and verification actions show, and the own-address change's notice, answered
 * by the embedded identity as MAIL_NOT_CONFIGURED (the SDK's `auth/mail-not-configured`).
 */

/** Title of every «no mail went out» notice in the admin. */
export const NO_MAIL_TITLE = 'Лист не надіслано';

/** The firebase/auth error code of the identity endpoints' MAIL_NOT_CONFIGURED. */
export const MAIL_NOT_CONFIGURED_CODE = 'auth/mail-not-configured';

/** «Змінити мою адресу» without mail: nothing changed, and what can be done instead. */
export const NO_MAIL_EMAIL_CHANGE_MESSAGE =
  'Пошту (SMTP_URL) на сервері не налаштовано, тому лист не надіслано і адресу не змінено: нову адресу можна підтвердити лише за посиланням у листі. Попросіть адміністратора сервера налаштувати пошту або створити вам обліковий запис із новою адресою («Облікові записи» → «Створити обліковий запис»).';
