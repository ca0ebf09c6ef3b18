/**
 * /edit/admin/account/password: «Змінити пароль» for the signed-in user, in both backends through the
 * firebase/auth SDK: re-authentication with the current password
 * (`reauthenticateWithCredential(EmailAuthProvider.credential(…))`), then `updatePassword`. The
 * server ends the account's other sessions; this one gets fresh tokens, and the session cookie is
 * synced with them before the page says the password was changed.
 */
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { identityErrorMessage } from '../../../shared/identityErrors';
import {
  LONG_PASSWORD_MESSAGE,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  WEAK_PASSWORD_MESSAGE,
} from '../../../shared/passwordRules';
import { useAdmin } from '../context';
import { syncSession } from '../session';
import { fieldText } from '../../../shared/fieldText';
import { PageTitle } from '../components/PageTitle';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Неправильний поточний пароль';

const changePasswordSchema = z
  .object({
    current: z.string().min(1, 'Введіть поточний пароль'),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE)
      .max(MAX_PASSWORD_LENGTH, LONG_PASSWORD_MESSAGE),
    repeat: z.string().min(1, 'Повторіть новий пароль'),
  })
  .refine((v) => v.password === v.repeat, { message: 'Паролі не збігаються', path: ['repeat'] })
  .refine((v) => v.password !== v.current, {
    message: 'Новий пароль має відрізнятися від поточного',
    path: ['password'],
  });

/** SDK codes of a wrong password at re-authentication (with and without enumeration protection). */
const WRONG_PASSWORD_CODES = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);
const codeOf = (err: unknown) => (typeof err === 'object' && err && 'code' in err ? fieldText(err.code) : '');

export function ChangePasswordPage() {
  const { auth } = useAdmin();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current: '', password: '', repeat: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ current, password }) => {
    setError(null);
    setDone(false);
    const user = auth.currentUser;
    if (!user?.email) {
      setError('Сеанс завершився. Увійдіть знову.');
      return;
    }
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
    } catch (err) {
      if (WRONG_PASSWORD_CODES.has(codeOf(err)))
        form.setError('current', { message: WRONG_CURRENT_PASSWORD_MESSAGE }, { shouldFocus: true });
      else setError(identityErrorMessage(err));
      return;
    }
    try {
      await updatePassword(user, password);
    } catch (err) {
      if (codeOf(err) === 'auth/weak-password')
        form.setError('password', { message: identityErrorMessage(err) }, { shouldFocus: true });
      else setError(identityErrorMessage(err));
      return;
    }
    // The cookie the admin's requests carry must hold the new session's token before going on.
    await syncSession(await user.getIdToken());
    form.reset();
    setDone(true);
  });

  return (
    <Stack maw={480}>
      <PageTitle>Змінити пароль</PageTitle>
      <Text c="dimmed" size="sm">
        Для {auth.currentUser?.email ?? 'цього облікового запису'}. Пароль має містити від {MIN_PASSWORD_LENGTH} до{' '}
        {MAX_PASSWORD_LENGTH} символів.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            {error ? (
              <Alert color="red" role="alert" title="Помилка">
                {error}
              </Alert>
            ) : null}
            {done ? (
              <Alert color="green" role="status" title="Пароль змінено">
                Новий пароль збережено. На інших пристроях потрібно буде увійти знову.
              </Alert>
            ) : null}
            <PasswordInput
              label="Поточний пароль"
              autoComplete="current-password"
              {...form.register('current')}
              error={errors.current?.message}
            />
            <PasswordInput
              label="Новий пароль"
              autoComplete="new-password"
              {...form.register('password')}
              error={errors.password?.message}
            />
            <PasswordInput
              label="Повторіть новий пароль"
              autoComplete="new-password"
              {...form.register('repeat')}
              error={errors.repeat?.message}
            />
            <Button type="submit" loading={form.formState.isSubmitting} w="fit-content">
              Змінити пароль
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
