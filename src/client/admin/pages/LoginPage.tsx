/**
 * /edit/admin/Login (empty layout): email and password sign-in, password reset (request and
 * completion from the emailed link), and in firebase mode the configured OAuth providers (popup,
 * falling back to redirect when the popup is blocked). Every identity error has a Ukrainian message.
 */
import { Alert, Anchor, Button, Center, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmPasswordReset,
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
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { IDENTITY_ERROR_MESSAGES, identityErrorMessage } from '../../../shared/identityErrors';
import { MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE } from '../../../shared/passwordRules';
import { useAdmin } from '../context';
import { safeReturnUrl } from '../guards';
import { useSessionState } from '../session';

const DISABLED_MESSAGE = IDENTITY_ERROR_MESSAGES['user-disabled']!;

const signInSchema = z.object({
  email: z.email({ error: 'Введіть коректну адресу електронної пошти' }),
  password: z.string().min(1, 'Введіть пароль'),
});
const resetRequestSchema = z.object({ email: z.email({ error: 'Введіть коректну адресу електронної пошти' }) });
const newPasswordSchema = z
  .object({ password: z.string().min(MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE), repeat: z.string() })
  .refine((v) => v.password === v.repeat, { message: 'Паролі не збігаються', path: ['repeat'] });

const PROVIDERS: Record<string, { label: string; create: () => AuthProvider }> = {
  google: { label: 'Увійти через Google', create: () => new GoogleAuthProvider() },
  facebook: { label: 'Увійти через Facebook', create: () => new FacebookAuthProvider() },
  github: { label: 'Увійти через GitHub', create: () => new GithubAuthProvider() },
  twitter: { label: 'Увійти через X (Twitter)', create: () => new TwitterAuthProvider() },
};

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper w={420} maw="100%" p="xl" radius="lg" withBorder shadow="sm">
        <Text size="sm" c="dimmed" mb={4}>
          УкрГМІ · адміністрування сайту
        </Text>
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}

function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert" title="Помилка">
      {message}
    </Alert>
  ) : null;
}

function NewPasswordForm({ oobCode }: { oobCode: string }) {
  const { auth } = useAdmin();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', repeat: '' } });
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
        <Stack>
          <Text>Новий пароль збережено. Тепер можна увійти з ним.</Text>
          <Anchor href="/edit/admin/Login">Перейти до входу</Anchor>
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame title="Новий пароль">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert message={error} />
          <PasswordInput label="Новий пароль" autoComplete="new-password" {...form.register('password')} error={form.formState.errors.password?.message} />
          <PasswordInput label="Повторіть пароль" autoComplete="new-password" {...form.register('repeat')} error={form.formState.errors.repeat?.message} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Зберегти пароль
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}

function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const { auth } = useAdmin();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/edit/admin/Login` });
      setSentTo(email);
    } catch (err) {
      setError(identityErrorMessage(err));
    }
  });
  return (
    <Frame title="Відновлення пароля">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert message={error} />
          {sentTo ? (
            <Alert color="green" role="status">
              Запит для {sentTo} прийнято. Якщо ця адреса належить обліковому запису і на сайті налаштовано пошту, протягом
              кількох хвилин надійде лист із посиланням для зміни пароля. Якщо листа немає, зверніться до адміністратора сайту.
            </Alert>
          ) : null}
          <TextInput label="Електронна пошта" type="email" autoComplete="email" {...form.register('email')} error={form.formState.errors.email?.message} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Надіслати посилання
          </Button>
          <Anchor component="button" type="button" onClick={onBack}>
            Повернутися до входу
          </Anchor>
        </Stack>
      </form>
    </Frame>
  );
}

export function LoginPage() {
  const { auth, config, session } = useAdmin();
  const state = useSessionState(session);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // A session that ended because the account was disabled is explained, not just ended.
  const shownError = error ?? (state.status === 'signedOut' && state.reason === 'disabled' ? DISABLED_MESSAGE : null);
  const [resetting, setResetting] = useState(false);
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const returnUrl = safeReturnUrl(params.get('returnUrl'));

  /** After sign-in: wait until the session sync has set the cookie, then go on (or refuse without a role). */
  const finish = async () => {
    const user = auth.currentUser;
    const state = user ? await session.waitFor((s) => s.status === 'signedIn' && s.user.uid === user.uid) : null;
    const role = state?.status === 'signedIn' ? state.role : null;
    if (!role) {
      await signOut(auth);
      setError('Цей обліковий запис не має доступу до адміністрування сайту.');
      return;
    }
    navigate(returnUrl, { replace: true });
  };

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await signInWithEmailAndPassword(auth, email, password);
      await finish();
    } catch (err) {
      setError(identityErrorMessage(err));
    }
  });

  const withProvider = async (create: () => AuthProvider) => {
    setError(null);
    try {
      await signInWithPopup(auth, create());
      await finish();
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/popup-blocked') {
        await signInWithRedirect(auth, create());
        return;
      }
      setError(identityErrorMessage(err));
    }
  };

  const oobCode = params.get('oobCode');
  if (params.get('mode') === 'resetPassword' && oobCode) return <NewPasswordForm oobCode={oobCode} />;
  if (resetting) return <ResetRequestForm onBack={() => setResetting(false)} />;

  return (
    <Frame title="Вхід">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert message={shownError} />
          <TextInput label="Електронна пошта" type="email" autoComplete="username" {...form.register('email')} error={form.formState.errors.email?.message} />
          <PasswordInput label="Пароль" autoComplete="current-password" {...form.register('password')} error={form.formState.errors.password?.message} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Увійти
          </Button>
          <Anchor component="button" type="button" onClick={() => setResetting(true)} size="sm">
            Забули пароль?
          </Anchor>
          {config.authProviders.length > 0 && (
            <>
              <Divider label="або" labelPosition="center" />
              {config.authProviders.map((p) => (
                <Button key={p} variant="default" onClick={() => void withProvider(PROVIDERS[p]!.create)}>
                  {PROVIDERS[p]!.label}
                </Button>
              ))}
            </>
          )}
          <Anchor href="/" size="sm">
            ← На сайт
          </Anchor>
        </Stack>
      </form>
    </Frame>
  );
}
