/**
 * /edit/admin/Login (empty layout): email and password sign-in, password reset (request and
 * completion from the emailed link), and in firebase mode the configured OAuth providers (popup,
 * falling back to redirect when the popup is blocked). Every identity error has a Ukrainian message.
 * Plain React with login.css (no Mantine, react-hook-form or zod), so the page loads little
 * JavaScript; the Mantine shell loads after sign-in.
 */
import {
  confirmPasswordReset,
  isSignInWithEmailLink,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  TwitterAuthProvider,
  type AuthProvider,
} from 'firebase/auth';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IDENTITY_ERROR_MESSAGES, identityErrorMessage } from '../../../shared/identityErrors';
import { MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE } from '../../../shared/passwordRules';
import { useAdmin } from '../context';
import { peekDraft } from '../editDraft';
import { NO_ACCESS_MESSAGE, safeReturnUrl } from '../guards';
import { EmailActionResult, EmailLinkCompletion, EmailLinkRequestForm } from '../login/EmailLinkSignIn';
import { completePendingLink, pendingLinkFrom, pendingLinkMessage, type PendingLink } from '../login/linkCredential';
import { EMAIL_MESSAGE, EmailRequestForm } from '../login/EmailRequestForm';
import { ResetLinkCheck } from '../login/ResetLinkCheck';
import { SsoButton, useSsoCompletion } from '../login/SsoLogin';
import { ErrorAlert, Field, LoginFrame as Frame, isEmail, useLoginForm, type FieldErrors } from '../login/ui';
import { useSessionState, type SessionState } from '../session';

/** The returnUrl inside a same-origin continueUrl (the login page a sign-in link continues to), or null. */
function returnUrlOf(continueUrl: string | null): string | null {
  if (!continueUrl) return null;
  try {
    const url = new URL(continueUrl);
    return url.origin === window.location.origin ? url.searchParams.get('returnUrl') : null;
  } catch {
    return null;
  }
}

const DISABLED_MESSAGE = IDENTITY_ERROR_MESSAGES['user-disabled']!;

/** Why a session that brought the user here ended: a disabled account, or signed in without a role (no access). */
function sessionError(state: SessionState): string | null {
  if (state.status === 'signedOut' && state.reason === 'disabled') return DISABLED_MESSAGE;
  return state.status === 'signedIn' && !state.role ? NO_ACCESS_MESSAGE : null;
}

/**
 * Why the login page shows after a session ended on an open screen (`elsewhere`: signed out in another
 * tab, not disabled), and that an unsaved form was kept (editDraft) for the same account.
 */
function sessionEndNotes(elsewhere: boolean): string[] {
  return [
    ...(elsewhere ? ['Ви вийшли з облікового запису в іншій вкладці.'] : []),
    ...(peekDraft()
      ? ['Незбережені зміни документа збережено в цій вкладці: увійдіть тим самим обліковим записом, щоб відновити їх.']
      : []),
  ];
}

type SignIn = { email: string; password: string };
const signInSchema = (v: SignIn): FieldErrors<SignIn> => ({
  ...(isEmail(v.email) ? {} : { email: EMAIL_MESSAGE }),
  ...(v.password ? {} : { password: 'Введіть пароль' }),
});
type NewPassword = { password: string; repeat: string };
const newPasswordSchema = (v: NewPassword): FieldErrors<NewPassword> =>
  v.password.length < MIN_PASSWORD_LENGTH
    ? { password: WEAK_PASSWORD_MESSAGE }
    : v.password !== v.repeat
      ? { repeat: 'Паролі не збігаються' }
      : {};

const PROVIDERS: Record<string, { label: string; create: () => AuthProvider }> = {
  google: { label: 'Увійти через Google', create: () => new GoogleAuthProvider() },
  facebook: { label: 'Увійти через Facebook', create: () => new FacebookAuthProvider() },
  github: { label: 'Увійти через GitHub', create: () => new GithubAuthProvider() },
  twitter: { label: 'Увійти через X (Twitter)', create: () => new TwitterAuthProvider() },
};

/** «Новий пароль» for a checked reset link; `email` is the account's, when the check's answer has it. */
function NewPasswordForm({ oobCode, email }: { oobCode: string; email: string | null }) {
  const { auth } = useAdmin();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useLoginForm(newPasswordSchema);
  const submit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await confirmPasswordReset(auth, oobCode, password);
      setDone(true);
    } catch (err) {
      setError(identityErrorMessage(err));
    }
  });
  if (done) {
    return (
      <Frame title="Пароль змінено">
        <div className="login-stack">
          <p>Новий пароль збережено. Тепер можна увійти з ним.</p>
          <a className="login-link" href="/edit/admin/Login">
            Перейти до входу
          </a>
        </div>
      </Frame>
    );
  }
  return (
    <Frame title="Новий пароль">
      <form onSubmit={submit} noValidate>
        <div className="login-stack">
          <ErrorAlert message={error} />
          {email ? <p>Обліковий запис: {email}</p> : null}
          <Field
            label="Новий пароль"
            type="password"
            autoComplete="new-password"
            name="password"
            error={form.errors.password}
          />
          <Field
            label="Повторіть пароль"
            type="password"
            autoComplete="new-password"
            name="repeat"
            error={form.errors.repeat}
          />
          <button type="submit" className="login-button" disabled={form.submitting}>
            Зберегти пароль
          </button>
        </div>
      </form>
    </Frame>
  );
}

function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const { auth } = useAdmin();
  return (
    <EmailRequestForm
      title="Відновлення пароля"
      send={(email) => sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/edit/admin/Login` })}
      sentMessage="Якщо ця адреса належить обліковому запису і на сайті налаштовано пошту, протягом кількох хвилин надійде лист із посиланням для зміни пароля. Якщо листа немає, зверніться до адміністратора сайту."
      onBack={onBack}
    />
  );
}

/** A reset link's page: checked first; a dead link offers «Надіслати нове посилання» (the request form). */
function ResetPasswordPage({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  const [requesting, setRequesting] = useState(false);
  if (requesting) return <ResetRequestForm onBack={() => void navigate('/edit/admin/Login', { replace: true })} />;
  return (
    <ResetLinkCheck oobCode={oobCode} onRequestNew={() => setRequesting(true)}>
      {(email) => <NewPasswordForm oobCode={oobCode} email={email} />}
    </ResetLinkCheck>
  );
}

export function LoginPage() {
  const { auth, config, session } = useAdmin();
  const state = useSessionState(session);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // A session that ended because the account was disabled is explained, not just ended.
  const shownError = error ?? sessionError(state);
  const endedNotes = sessionEndNotes(params.get('ended') === '1' && state.status === 'signedOut' && !state.reason);
  const [resetting, setResetting] = useState(false);
  const [linking, setLinking] = useState(false);
  const [pendingLink, setPendingLink] = useState<PendingLink | null>(null);
  const form = useLoginForm(signInSchema);
  // A sign-in link carries the return address inside its continueUrl (the login page's own URL).
  const returnUrl = safeReturnUrl(params.get('returnUrl') ?? returnUrlOf(params.get('continueUrl')));

  /** After sign-in: wait until the session sync has set the cookie, then go on (or refuse without a role). */
  const finish = async () => {
    const user = auth.currentUser;
    const state = user ? await session.waitFor((s) => s.status === 'signedIn' && s.user.uid === user.uid) : null;
    const role = state?.status === 'signedIn' ? state.role : null;
    if (!role) {
      await signOut(auth);
      setError(NO_ACCESS_MESSAGE);
      return;
    }
    void navigate(returnUrl, { replace: true });
  };

  const ssoBusy = useSsoCompletion(auth, finish, setError);

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      if (pendingLink) await completePendingLink(user, pendingLink);
      setPendingLink(null);
      await finish();
    } catch (err) {
      setError(identityErrorMessage(err));
    }
  });

  const withProvider = async (key: string, create: () => AuthProvider) => {
    setError(null);
    try {
      await signInWithPopup(auth, create());
      await finish();
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/popup-blocked') {
        await signInWithRedirect(auth, create());
        return;
      }
      const link = pendingLinkFrom(err, key);
      setPendingLink(link);
      setError(link ? pendingLinkMessage(link, PROVIDERS[key]!.label) : identityErrorMessage(err));
    }
  };

  const oobCode = params.get('oobCode');
  if (params.get('mode') === 'resetPassword' && oobCode) return <ResetPasswordPage oobCode={oobCode} />;
  if (resetting) return <ResetRequestForm onBack={() => setResetting(false)} />;
  if (ssoBusy) return <Frame title="Вхід">{<p role="status">Завершуємо вхід…</p>}</Frame>;
  const mode = params.get('mode');
  if (mode === 'signIn' && isSignInWithEmailLink(auth, window.location.href)) {
    const done = (message: string | null) => {
      if (message) setError(message);
      void navigate('/edit/admin/Login', { replace: true });
    };
    return <EmailLinkCompletion finish={finish} onDone={done} />;
  }
  if ((mode === 'verifyEmail' || mode === 'verifyAndChangeEmail') && oobCode)
    return <EmailActionResult oobCode={oobCode} change={mode === 'verifyAndChangeEmail'} />;
  if (linking) return <EmailLinkRequestForm returnUrl={returnUrl} onBack={() => setLinking(false)} />;

  return (
    <Frame title="Вхід">
      <form onSubmit={submit} noValidate>
        <div className="login-stack">
          <ErrorAlert message={shownError} />
          {endedNotes.map((note) => (
            <p key={note} className="login-note" role="status">
              {note}
            </p>
          ))}
          <Field label="Електронна пошта" type="email" autoComplete="username" name="email" error={form.errors.email} />
          <Field
            label="Пароль"
            type="password"
            autoComplete="current-password"
            name="password"
            error={form.errors.password}
          />
          <button type="submit" className="login-button" disabled={form.submitting}>
            Увійти
          </button>
          <button type="button" className="login-link" onClick={() => setResetting(true)}>
            Забули пароль?
          </button>
          {config.emailLink ? (
            <button type="button" className="login-link" onClick={() => setLinking(true)}>
              Надіслати посилання для входу
            </button>
          ) : null}
          {config.sso && <SsoButton label={config.sso.label} returnUrl={returnUrl} />}
          {config.authProviders.length > 0 && (
            <>
              <p className="login-divider">або</p>
              {config.authProviders.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="login-button login-button-secondary"
                  onClick={() => void withProvider(p, PROVIDERS[p]!.create)}
                >
                  {PROVIDERS[p]!.label}
                </button>
              ))}
            </>
          )}
          <a className="login-link" href="/">
            ← На сайт
          </a>
        </div>
      </form>
    </Frame>
  );
}
