/**
 * Sign-in by email link on the login page (issue 27), with the SDK's sendSignInLinkToEmail,
 * isSignInWithEmailLink and signInWithEmailLink:
 * - EmailLinkRequestForm asks for the address and has the link mailed: through the SDK (embedded
 *   mode, or firebase mode without SMTP) or, in firebase mode with SMTP, through POST
 *   /api/__emailLink (the server mails a firebase-admin link). The address is kept in local storage;
 * - EmailLinkCompletion, on the page the link opens, signs in with the kept address, or asks for it
 *   again when the link was opened on another device (or browser);
 * - EmailActionResult completes the address links (verifyEmail, verifyAndChangeEmail) with
 *   applyActionCode.
 */
import { applyActionCode, isSignInWithEmailLink, sendSignInLinkToEmail, signInWithEmailLink } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { identityErrorMessage } from '../../../shared/identityErrors';
import { useAdmin } from '../context';
import { EmailRequestForm, emailSchema } from './EmailRequestForm';
import { ErrorAlert, Field, LoginFrame as Frame, useLoginForm } from './ui';

/** Where the address a link was sent to is kept until the link is opened (this browser only). */
export const EMAIL_FOR_SIGN_IN_KEY = 'uhmi.emailForSignIn';

function keptEmail(): string | null {
  try {
    return window.localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    return null; // storage blocked: the page asks for the address
  }
}

function keepEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
    else window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    // Storage blocked: the link's page will ask for the address again.
  }
}

/** Firebase mode with SMTP: the server makes and mails the link; rejects with `{code}` as the SDK would. */
async function requestFromServer(email: string, continueUrl: string): Promise<void> {
  const res = await fetch('/api/__emailLink', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, continueUrl }),
  });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { code?: string } | null;
  throw Object.assign(new Error('email link refused'), { code: body?.code ?? 'auth/internal-error' });
}

/** «Надіслати посилання для входу»: the address, then the confirmation that a link is on its way. */
export function EmailLinkRequestForm({ returnUrl, onBack }: { returnUrl: string | null; onBack: () => void }) {
  const { auth, config } = useAdmin();
  const send = async (email: string) => {
    const url = new URL('/edit/admin/Login', window.location.origin);
    if (returnUrl) url.searchParams.set('returnUrl', returnUrl);
    if (config.emailLink === 'server') await requestFromServer(email, url.toString());
    else await sendSignInLinkToEmail(auth, email, { url: url.toString(), handleCodeInApp: true });
    keepEmail(email);
  };
  return (
    <EmailRequestForm
      title="Вхід за посиланням"
      send={send}
      sentMessage="Якщо ця адреса належить обліковому запису, протягом кількох хвилин надійде лист із посиланням для входу. Посилання дійсне одну годину."
      onBack={onBack}
    />
  );
}

/**
 * The page a sign-in link opens: signs in with the kept address (or the one typed here), then
 * `finish` goes on as after a password sign-in; `onDone(message)` returns to the login form, with
 * an error message when the sign-in failed (null: `finish` refused an account without access).
 */
export function EmailLinkCompletion({
  finish,
  onDone,
}: {
  finish: () => Promise<void>;
  onDone: (error: string | null) => void;
}) {
  const { auth } = useAdmin();
  const link = window.location.href;
  const [asking, setAsking] = useState(() => !keptEmail());
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const form = useLoginForm(emailSchema);

  const complete = async (email: string) => {
    try {
      await signInWithEmailLink(auth, email, link);
      keepEmail(null);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // A mistyped address may be corrected; any other failure returns to the login form.
      if (code === 'auth/invalid-email') {
        setAsking(true);
        setError('Ця адреса не збігається з тією, на яку надіслано посилання.');
        return;
      }
      onDone(identityErrorMessage(err));
      return;
    }
    await finish();
    // Still here only when the account has no access (finish signed it out and set the error).
    if (!auth.currentUser) onDone(null);
  };

  useEffect(() => {
    const email = keptEmail();
    if (started.current || !email) return;
    started.current = true;
    void complete(email);
    // Runs once, when the page opens with the kept address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!isSignInWithEmailLink(auth, link)) return null;
  if (!asking)
    return (
      <Frame title="Вхід за посиланням">
        <p role="status">Виконується вхід…</p>
      </Frame>
    );
  const submit = form.handleSubmit(({ email }) => complete(email));
  return (
    <Frame title="Вхід за посиланням">
      <form onSubmit={submit} noValidate>
        <div className="login-stack">
          <ErrorAlert message={error} />
          <p>Посилання відкрито на іншому пристрої або в іншому браузері. Введіть адресу, на яку його надіслано.</p>
          <Field label="Електронна пошта" type="email" autoComplete="email" name="email" error={form.errors.email} />
          <button type="submit" className="login-button" disabled={form.submitting}>
            Увійти
          </button>
        </div>
      </form>
    </Frame>
  );
}

/** The page an address link opens (verifyEmail, verifyAndChangeEmail): applies the code once and says how it went. */
export function EmailActionResult({ oobCode, change }: { oobCode: string; change: boolean }) {
  const { auth } = useAdmin();
  const [state, setState] = useState<{ error: string | null } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    applyActionCode(auth, oobCode).then(
      () => setState({ error: null }),
      (err: unknown) => setState({ error: identityErrorMessage(err) }),
    );
  }, [auth, oobCode]);
  const title = change ? 'Зміна адреси' : 'Підтвердження адреси';
  return (
    <Frame title={title}>
      <div className="login-stack">
        {state === null ? <p role="status">Перевіряємо посилання…</p> : null}
        {state?.error ? <ErrorAlert message={state.error} /> : null}
        {state && !state.error ? (
          <p className="login-alert login-alert-success" role="status">
            {change ? 'Адресу електронної пошти змінено й підтверджено.' : 'Адресу електронної пошти підтверджено.'}
          </p>
        ) : null}
        <a className="login-link" href="/edit/admin/Login">
          Перейти до входу
        </a>
      </div>
    </Frame>
  );
}
