/**
 * The «Способи входу» cell of an account on the AuthUsers screen: each sign-in method (password, the
 * institute's single sign-on, Firebase's own providers) as a badge, with «Від’єднати» behind a
 * confirmation. The server refuses the account's last method, and the screen says why.
 */
import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../components/ConfirmModal';
import { trpc } from '../../lib/trpc';
import { trpcErrorMessage } from '../trpcErrors';

const LABELS: Record<string, string> = {
  password: 'Пароль',
  oidc: 'Обліковий запис установи',
  'google.com': 'Google',
  'microsoft.com': 'Microsoft',
  'github.com': 'GitHub',
  'facebook.com': 'Facebook',
  'twitter.com': 'X (Twitter)',
  emailLink: 'Посилання на пошту',
};

/** A method's Ukrainian name (the provider id itself for one not listed). */
export function signInMethodLabel(providerId: string): string {
  return LABELS[providerId] ?? providerId;
}

export function SignInMethodsCell({ uid, email }: { uid: string; email: string | null }) {
  const utils = trpc.useUtils();
  const methods = trpc.authUsers.signInMethods.useQuery({ uid });
  const unlink = trpc.authUsers.unlink.useMutation();
  const [pending, setPending] = useState<string | null>(null);
  if (methods.isPending) return <Text size="xs">…</Text>;
  if (methods.error) return <Text size="xs">{trpcErrorMessage(methods.error)}</Text>;
  const confirm = async () => {
    if (!pending) return;
    try {
      utils.authUsers.signInMethods.setData({ uid }, await unlink.mutateAsync({ uid, providerId: pending }));
      notifications.show({ color: 'green', message: `Спосіб входу «${signInMethodLabel(pending)}» від’єднано` });
    } catch (err) {
      notifications.show({ color: 'red', message: trpcErrorMessage(err) });
    }
    setPending(null);
  };
  return (
    <>
      <Group gap={4} wrap="wrap">
        {methods.data.map((m) => (
          <Badge
            key={m.providerId}
            variant="light"
            title={m.email ?? undefined}
            // The label is never cut to «П…»: its whole text is the cell's narrowest width.
            styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
            rightSection={
              <CloseButton
                size="xs"
                aria-label={`Від’єднати спосіб входу «${signInMethodLabel(m.providerId)}» від ${email ?? uid}`}
                onClick={() => setPending(m.providerId)}
              />
            }
          >
            {signInMethodLabel(m.providerId)}
          </Badge>
        ))}
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title="Від’єднати спосіб входу"
        confirmLabel="Від’єднати"
        loading={unlink.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        <Text>
          {email ?? uid} більше не зможе входити через «{pending ? signInMethodLabel(pending) : ''}». Інші способи входу
          залишаться.
        </Text>
      </ConfirmModal>
    </>
  );
}
