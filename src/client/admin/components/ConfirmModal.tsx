/** A confirmation dialog: the message, «Скасувати» and the action (red unless `destructive` is false). */
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  disabled,
  destructive = true,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** The action cannot be taken (yet). */
  disabled?: boolean;
  destructive?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Скасувати
          </Button>
          <Button color={destructive ? 'red' : undefined} loading={loading} disabled={disabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
