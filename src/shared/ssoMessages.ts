/**
 * Ukrainian messages of single sign-on on the login page: the `sso_error` codes the server's
 * callback redirects with (server/identity/oidc/client.ts, SsoErrorCode) and the SDK's errors of
 * `signInWithCustomToken`.
 */
export const SSO_ERROR_MESSAGES: Record<string, string> = {
  cancelled: 'Вхід через обліковий запис установи скасовано.',
  expired: 'Час на вхід через обліковий запис установи минув. Почніть вхід знову.',
  unavailable: 'Сервіс входу установи зараз недоступний. Спробуйте пізніше або увійдіть із паролем.',
  unverified: 'Сервіс входу установи не підтвердив адресу електронної пошти.',
  domain: 'Вхід з адресами цього домену не дозволено. Зверніться до адміністратора сайту.',
  unknown: 'Для цієї адреси немає облікового запису. Зверніться до адміністратора сайту.',
  disabled: 'Обліковий запис вимкнено. Зверніться до адміністратора.',
  'linked-other': 'Цей обліковий запис уже пов’язано з іншим записом установи. Зверніться до адміністратора сайту.',
  'auth/invalid-custom-token': 'Вхід не вдалося завершити: дані входу недійсні або застарілі. Почніть вхід знову.',
  'auth/custom-token-mismatch': 'Вхід не вдалося завершити: дані входу призначені для іншого сайту.',
};

export const SSO_GENERIC_MESSAGE = 'Не вдалося увійти через обліковий запис установи. Спробуйте ще раз.';

/** The message for an `sso_error` code or an SDK error code. */
export function ssoErrorMessage(code: string): string {
  return SSO_ERROR_MESSAGES[code] ?? SSO_GENERIC_MESSAGE;
}
