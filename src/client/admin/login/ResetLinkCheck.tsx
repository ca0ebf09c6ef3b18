/**
 * The password-reset link's page checks its code as soon as it opens (checkActionCode, i.e.
 * accounts:resetPassword with only the oobCode, as verifyPasswordResetCode does), so a used, expired
 * or made-up link says so at once with a way forward instead of showing the «Новий пароль» form.
 * A live reset code shows the form (`children(email)`: the account's address, when the answer has it).
 */
import { ActionCodeOperation, checkActionCode } from 'firebase/auth';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IDENTITY_ERROR_MESSAGES, identityErrorMessage } from '../../../shared/identityErrors';
import { useAdmin } from '../context';
import { ErrorAlert, LoginFrame as Frame } from './ui';

type Check =
  | { status: 'checking' }
  | { status: 'valid'; email: string | null }
  | { status: 'dead'; message: string; title: string };

const DEAD_TITLE = 'Посилання для зміни пароля не діє';
/** SDK codes of a link that is itself dead (unknown or used, expired); others (no network...) are not the link's fault. */
const LINK_ERRORS = new Set(['auth/invalid-action-code', 'auth/expired-action-code']);

const failed = (err: unknown): Check => ({
  status: 'dead',
  message: identityErrorMessage(err),
  title: LINK_ERRORS.has((err as { code?: string }).code ?? '') ? DEAD_TITLE : 'Не вдалося перевірити посилання',
});

/** Checks `oobCode` once; renders «Перевіряємо посилання…», the dead-link notice, or `children(email)`. */
export function ResetLinkCheck({
  oobCode,
  onRequestNew,
  children,
}: {
  oobCode: string;
  /** «Надіслати нове посилання»: the login page's reset request form. */
  onRequestNew: () => void;
  children: (email: string | null) => ReactNode;
}) {
  const { auth } = useAdmin();
  const [check, setCheck] = useState<Check>({ status: 'checking' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkActionCode(auth, oobCode).then(
      (info) =>
        setCheck(
          // A live code of another kind (an address confirmation) cannot set a password.
          info.operation === ActionCodeOperation.PASSWORD_RESET
            ? { status: 'valid', email: info.data.email ?? null }
            : { status: 'dead', message: IDENTITY_ERROR_MESSAGES['invalid-action-code']!, title: DEAD_TITLE },
        ),
      (err: unknown) => setCheck(failed(err)),
    );
  }, [auth, oobCode]);

  if (check.status === 'valid') return children(check.email);
  if (check.status === 'checking')
    return (
      <Frame title="Новий пароль">
        <p role="status">Перевіряємо посилання…</p>
      </Frame>
    );
  return (
    <Frame title={check.title}>
      <div className="login-stack">
        <ErrorAlert message={check.message} />
        <p>Посилання для зміни пароля діє одну годину і лише один раз.</p>
        <button type="button" className="login-button" onClick={onRequestNew}>
          Надіслати нове посилання
        </button>
        <a className="login-link" href="/edit/admin/Login">
          Повернутися до входу
        </a>
      </div>
    </Frame>
  );
}
