/**
 * Ukrainian messages for the identity client codes of the spec (section 8), as the firebase/auth SDK
 * reports them (`auth/{code}`). Unknown codes get a generic message.
 */
import { MIN_PASSWORD_LENGTH } from './passwordRules';
import { fieldText } from './fieldText';

export const IDENTITY_ERROR_MESSAGES: Record<string, string> = {
  'wrong-password': 'Невірний пароль.',
  'user-not-found': 'Користувача з такою адресою не знайдено.',
  'invalid-credential': 'Невірна адреса електронної пошти або пароль.',
  'invalid-login-credentials': 'Невірна адреса електронної пошти або пароль.',
  'email-already-in-use': 'Ця адреса електронної пошти вже використовується.',
  'invalid-email': 'Невірна адреса електронної пошти.',
  'missing-password': 'Введіть пароль.',
  'missing-email': 'Введіть адресу електронної пошти.',
  'weak-password': `Пароль надто простий: щонайменше ${MIN_PASSWORD_LENGTH} символів.`,
  'invalid-continue-uri': 'Некоректна адреса переходу.',
  'operation-not-allowed': 'Цей спосіб входу вимкнено.',
  'credential-already-in-use': 'Цей обліковий запис уже прив’язано до іншого користувача.',
  'too-many-requests': 'Забагато невдалих спроб. Спробуйте пізніше.',
  'expired-action-code': 'Посилання застаріло. Попросіть нове.',
  'invalid-action-code': 'Посилання недійсне або вже використане.',
  'requires-recent-login': 'З міркувань безпеки увійдіть знову і повторіть дію.',
  'invalid-user-token': 'Сеанс недійсний. Увійдіть знову.',
  'user-token-expired': 'Сеанс завершився. Увійдіть знову.',
  'user-disabled': 'Обліковий запис вимкнено. Зверніться до адміністратора.',
  'invalid-verification-code': 'Невірний код підтвердження.',
  'invalid-verification-id': 'Невірний ідентифікатор підтвердження.',
  'code-expired': 'Термін дії коду минув.',
  'unauthorized-continue-uri': 'Адреса переходу не дозволена.',
  'admin-restricted-operation': 'Цю дію може виконати лише адміністратор.',
  'network-request-failed': 'Немає зв’язку з сервером. Перевірте підключення до мережі.',
  'account-exists-with-different-credential': 'Обліковий запис із цією адресою вже існує з іншим способом входу.',
  'multi-factor-auth-required': 'Потрібне додаткове підтвердження входу.',
  'popup-blocked': 'Браузер заблокував спливаюче вікно. Дозвольте його або спробуйте ще раз.',
  'popup-closed-by-user': 'Вікно входу закрито до завершення.',
  'cancelled-popup-request': 'Попередній запит на вхід скасовано.',
  'web-storage-unsupported': 'Браузер не дозволяє зберігати дані сеансу. Увімкніть cookies та сховище сайту.',
  'unauthorized-domain': 'Вхід із цього домену не дозволено.',
  'login-blocked': 'Вхід заблоковано. Спробуйте пізніше.',
  'argument-error': 'Некоректні дані запиту.',
  'internal-error': 'Внутрішня помилка. Спробуйте ще раз.',
  'user-mismatch': 'Повторний вхід виконано іншим користувачем.',
  'tenant-id-mismatch': 'Обліковий запис належить іншому простору користувачів.',
  'already-initialized': 'Сервіс входу вже ініціалізовано.',
  'invalid-api-key': 'Невірний ключ API сайту. Зверніться до адміністратора.',
  'missing-recaptcha-token': 'Не вдалося пройти перевірку reCAPTCHA.',
  'invalid-recaptcha-token': 'Перевірку reCAPTCHA не пройдено.',
  'invalid-recaptcha-action': 'Перевірку reCAPTCHA не пройдено.',
  'invalid-recaptcha-version': 'Перевірку reCAPTCHA не пройдено.',
  'invalid-req-type': 'Некоректний запит.',
};

export const IDENTITY_GENERIC_MESSAGE = 'Не вдалося виконати вхід. Спробуйте ще раз.';

/** The Ukrainian message for an error from the firebase/auth SDK (its `code` is `auth/...`). */
export function identityErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error && 'code' in error ? fieldText(error.code) : '';
  return IDENTITY_ERROR_MESSAGES[code.replace(/^auth\//, '')] ?? IDENTITY_GENERIC_MESSAGE;
}
