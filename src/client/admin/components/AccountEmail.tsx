/**
 * Verified emails on «Облікові записи» (issue 27): whether each address is confirmed, the
 * administrator's «send a verification mail» (authUsers.sendEmailVerification), and the signed-in
 * user's own email change through a confirmation link: re-authentication with the
 * current password, then the SDK's verifyBeforeUpdateEmail (the address changes once the link in
 * the mail to the new address is followed).
 */
import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EmailAuthProvider, reauthenticateWithCredential, verifyBeforeUpdateEmail } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { identityErrorMessage } from '../../../shared/identityErrors';
import { MAIL_NOT_CONFIGURED_CODE, NO_MAIL_TITLE, noMailEmailChangeMessage } from '../../../shared/mailNotice';
import type { Account } from '../../../server/identity/types';
import { trpc } from '../../lib/trpc';
import { useAdmin } from '../context';
import { StateBadge } from '../pages/cellValue';
import { trpcErrorMessage } from '../trpcErrors';

/** Whether the account's address is confirmed, as a badge (its own column: the email cell stays the bare address). */
export function EmailVerifiedBadge({ account }: { account: Account }) {
  if (!account.email) return null;
  return account.emailVerified ? (
    <StateBadge color="green" label="Підтверджено" />
  ) : (
    <StateBadge color="yellow" label="Не підтверджено" />
  );
}

/**
 * Shows a mail action's typed answer (`mailed`, Ukrainian `message`): green when sent, otherwise the
 * yellow «Лист не надіслано», kept open (no SMTP: the message says what to do instead).
 */
export function showMailOutcome(r: { mailed: boolean; message: string }) {
  notifications.show(
    r.mailed
      ? { color: 'green', message: r.message }
      : { color: 'yellow', title: NO_MAIL_TITLE, message: r.message, autoClose: false },
  );
}

/** The administrator's «send a verification mail»; a notification tells how it went. */
export function useSendVerification() {
  const send = trpc.authUsers.sendEmailVerification.useMutation({
    onSuccess: showMailOutcome,
    onError: (err) => notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) }),
  });
  return (a: Account) => send.mutate({ uid: a.uid });
}

/** «Змінити мою адресу»: the new address and the current password; a link goes to the new address. */
export function ChangeOwnEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { auth } = useAdmin();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [noMail, setNoMail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const email = text('email').trim();
    const password = text('password');
    const user = auth.currentUser;
    if (!z.email().safeParse(email).success) return setError('Введіть коректну адресу електронної пошти');
    if (!password) return setError('Введіть поточний пароль');
    if (!user?.email) return setError('Сеанс завершився. Увійдіть знову.');
    setError(null);
    setBusy(true);
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      await verifyBeforeUpdateEmail(user, email, { url: `${window.location.origin}/edit/admin/Login` });
      setSentTo(email);
    } catch (err) {
      // The server has no mail (embedded mode without SMTP_URL): nothing was sent or changed.
      if ((err as { code?: unknown }).code === MAIL_NOT_CONFIGURED_CODE)
        setNoMail(noMailEmailChangeMessage(user.email, email));
      else setError(identityErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setError(null);
    setSentTo(null);
    setNoMail(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Змінити мою адресу">
      {noMail ? (
        <Stack>
          <Alert color="yellow" role="status" title={NO_MAIL_TITLE}>
            {noMail}
          </Alert>
          <Button onClick={close}>Закрити</Button>
        </Stack>
      ) : sentTo ? (
        <Stack>
          <Alert color="green" role="status">
            Лист із посиланням надіслано на {sentTo}. Адресу буде змінено, щойно ви перейдете за ним.
          </Alert>
          <Button onClick={close}>Закрити</Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Text size="sm">Нова адреса почне діяти після того, як ви підтвердите її за посиланням у листі.</Text>
            <TextInput label="Нова адреса електронної пошти" name="email" type="email" autoComplete="email" />
            <PasswordInput label="Поточний пароль" name="password" autoComplete="current-password" />
            <Button type="submit" loading={busy}>
              Надіслати посилання
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
