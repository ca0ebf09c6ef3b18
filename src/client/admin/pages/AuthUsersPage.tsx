/**
 * /edit/admin/config/AuthUsers (administrators only): sign-in accounts. List and search (uid, email
 * and whether it is verified, name, role, disabled, created, last sign-in), create, change role,
 * disable/enable, send a password reset or a verification mail, delete with confirmation; each
 * account's sign-in methods, which can be unlinked; change one's own email through a confirmation
 * link (components/AccountEmail.tsx). Works in both backends (the server uses IdentityBackend).
 */
import {
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  EmailVerifiedBadge,
  ChangeOwnEmailModal,
  showMailOutcome,
  useSendVerification,
} from '../components/AccountEmail';
import { ConfirmModal } from '../components/ConfirmModal';
import { createAccountInput, ROLE_LABELS, type StaffRole as Role } from '../../../shared/authUsers';
import type { Account } from '../../../server/identity/types';
import { formatDateTime } from '../../../shared/dates';
import { trpc } from '../../lib/trpc';
import { useAdmin } from '../context';
import { useSessionState } from '../session';
import { trpcErrorMessage } from '../trpcErrors';
import { StateBadge } from './cellValue';
import { SignInMethodsCell } from './SignInMethods';
import { PageTitle } from '../components/PageTitle';

const ROLE_OPTIONS = [
  { value: 'editor', label: ROLE_LABELS.editor },
  { value: 'admin', label: ROLE_LABELS.admin },
  { value: 'none', label: 'Без доступу' },
];

function CreateAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.authUsers.create.useMutation();
  const form = useForm<z.input<typeof createAccountInput>>({
    resolver: zodResolver(createAccountInput),
    defaultValues: { email: '', password: '', displayName: '', role: 'editor' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      await utils.authUsers.list.invalidate();
      notifications.show({ color: 'green', message: `Обліковий запис ${values.email} створено` });
      form.reset();
      onClose();
    } catch (err) {
      form.setError('root', { message: trpcErrorMessage(err) });
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Новий обліковий запис">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {form.formState.errors.root ? (
            <Alert color="red" role="alert">
              {form.formState.errors.root.message}
            </Alert>
          ) : null}
          <TextInput
            label="Електронна пошта"
            type="email"
            required
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <TextInput
            label="Ім’я"
            {...form.register('displayName')}
            error={form.formState.errors.displayName?.message}
          />
          <PasswordInput
            label="Початковий пароль"
            required
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Роль"
                data={ROLE_OPTIONS}
                value={field.value ?? 'none'}
                onChange={(v) => field.onChange(v === 'none' || !v ? null : (v as Role))}
                allowDeselect={false}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Скасувати
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Створити
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function AuthUsersPage() {
  const { session } = useAdmin();
  const me = useSessionState(session);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  const [deleting, setDeleting] = useState<{ uid: string; email: string | null } | null>(null);
  const list = trpc.authUsers.list.useQuery({ search: debounced || undefined, limit: 100 });
  const actions = useAccountActions();
  const myUid = me.status === 'signedIn' ? me.user.uid : null;

  return (
    <>
      <Group justify="space-between" mb="md">
        <PageTitle>Облікові записи</PageTitle>
        <Group>
          <Button variant="default" onClick={() => setChangingEmail(true)}>
            Змінити мою адресу
          </Button>
          <Button onClick={() => setCreating(true)}>Створити обліковий запис</Button>
        </Group>
      </Group>
      <TextInput
        label="Пошук"
        placeholder="Адреса, ім’я або uid"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={200}
        mb="md"
        maw={420}
      />
      {list.error ? (
        <Alert color="red" role="alert">
          {trpcErrorMessage(list.error)}
        </Alert>
      ) : null}
      <AccountsTable
        accounts={list.data?.accounts ?? []}
        myUid={myUid}
        actions={actions}
        onDelete={(a) => setDeleting({ uid: a.uid, email: a.email })}
      />
      {list.data && !list.data.accounts.length ? <Text c="dimmed">Нічого не знайдено.</Text> : null}
      <CreateAccountModal opened={creating} onClose={() => setCreating(false)} />
      <ChangeOwnEmailModal opened={changingEmail} onClose={() => setChangingEmail(false)} />
      <ConfirmModal
        opened={!!deleting}
        title="Видалити обліковий запис?"
        confirmLabel="Видалити"
        loading={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting && actions.remove.mutate({ uid: deleting.uid }, { onSettled: () => setDeleting(null) })
        }
      >
        <Text>
          Обліковий запис <strong>{deleting?.email}</strong> буде видалено назавжди; його власник більше не зможе
          увійти.
        </Text>
      </ConfirmModal>
    </>
  );
}

type AccountActions = ReturnType<typeof useAccountActions>;

/** The account mutations; each failure shows a notification, each success refreshes the list. */
function useAccountActions() {
  const utils = trpc.useUtils();
  const onDone = (message: string) => async () => {
    await utils.authUsers.list.invalidate();
    notifications.show({ color: 'green', message });
  };
  const onError = (err: unknown) =>
    notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
  const setRole = trpc.authUsers.setRole.useMutation({ onSuccess: onDone('Роль змінено'), onError });
  const setDisabled = trpc.authUsers.setDisabled.useMutation({ onError });
  const reset = trpc.authUsers.sendPasswordReset.useMutation({ onError });
  const remove = trpc.authUsers.delete.useMutation({ onSuccess: onDone('Обліковий запис видалено'), onError });

  const toggleDisabled = (a: Account) =>
    setDisabled.mutate(
      { uid: a.uid, disabled: !a.disabled },
      { onSuccess: () => void onDone(a.disabled ? 'Обліковий запис увімкнено' : 'Обліковий запис вимкнено')() },
    );
  const sendPasswordReset = (a: Account) =>
    reset.mutate(
      { uid: a.uid },
      {
        // Without SMTP the server says that no mail went out and how to make a link instead.
        onSuccess: showMailOutcome,
      },
    );
  return { setRole, toggleDisabled, sendPasswordReset, sendVerification: useSendVerification(), remove };
}

/**
 * The row actions stay at the right edge of the table's scroll box (a 1366 px laptop fits the
 * rest; a phone scrolls the other columns under them).
 */
const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-1px 0 0 var(--mantine-color-default-border)',
} as const;

/** The accounts, one row each; the signed-in admin cannot change their own role, disable or delete themselves. */
function AccountsTable({
  accounts,
  myUid,
  actions,
  onDelete,
}: {
  accounts: Account[];
  myUid: string | null;
  actions: AccountActions;
  /** Asks to confirm deleting the account. */
  onDelete: (account: Account) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label="Облікові записи">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Електронна пошта</Table.Th>
            <Table.Th>Адреса</Table.Th>
            <Table.Th>Ім’я</Table.Th>
            <Table.Th>Роль</Table.Th>
            <Table.Th>Стан</Table.Th>
            <Table.Th>Створено</Table.Th>
            <Table.Th>Останній вхід</Table.Th>
            <Table.Th>Способи входу</Table.Th>
            <Table.Th>uid</Table.Th>
            <Table.Th style={STICKY_ACTIONS}>
              <span className="visually-hidden">Дії</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <Table.Tr key={a.uid}>
              <Table.Td>{a.email}</Table.Td>
              <Table.Td>
                <EmailVerifiedBadge account={a} />
              </Table.Td>
              <Table.Td>{a.displayName}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Роль ${a.email ?? a.uid}`}
                  data={ROLE_OPTIONS}
                  value={a.role ?? 'none'}
                  size="xs"
                  w={140}
                  allowDeselect={false}
                  disabled={a.uid === myUid}
                  onChange={(v) =>
                    actions.setRole.mutate({ uid: a.uid, role: v === 'none' || !v ? null : (v as Role) })
                  }
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {a.disabled ? (
                  <StateBadge color="gray" label="Вимкнено" />
                ) : (
                  <StateBadge color="green" label="Активний" />
                )}
              </Table.Td>
              <Table.Td>{a.createdAt ? formatDateTime(a.createdAt) : '—'}</Table.Td>
              <Table.Td>{a.lastSignInAt ? formatDateTime(a.lastSignInAt) : '—'}</Table.Td>
              <Table.Td>
                <SignInMethodsCell uid={a.uid} email={a.email} />
              </Table.Td>
              <Table.Td>
                <Tooltip label={a.uid}>
                  <Text size="xs" ff="monospace">
                    {a.uid.slice(0, 6)}…
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td style={STICKY_ACTIONS}>
                <AccountMenu account={a} isMe={a.uid === myUid} actions={actions} onDelete={() => onDelete(a)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An account's actions: disable or enable, send a password-reset link, delete. */
function AccountMenu({
  account: a,
  isMe,
  actions,
  onDelete,
}: {
  account: Account;
  isMe: boolean;
  actions: AccountActions;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Дії з ${a.email ?? a.uid}`}>
          Дії
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={isMe} onClick={() => actions.toggleDisabled(a)}>
          {a.disabled ? 'Увімкнути' : 'Вимкнути'}
        </Menu.Item>
        <Menu.Item onClick={() => actions.sendPasswordReset(a)}>Надіслати посилання для зміни пароля</Menu.Item>
        <Menu.Item disabled={a.emailVerified} onClick={() => actions.sendVerification(a)}>
          Надіслати лист для підтвердження адреси
        </Menu.Item>
        <Menu.Item color="red" disabled={isMe} onClick={onDelete}>
          Видалити
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
