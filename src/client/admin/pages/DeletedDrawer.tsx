/**
 * Deleted documents of a section, latest deletion first, each with «Відновити»: the document comes
 * back under its id from its last version (as a draft when the section has states) and opens for
 * editing.
 */
import { Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AnyContentType } from '../../../shared/content/define';
import { formatDateTime } from '../../../shared/dates';
import { ConfirmModal } from '../components/ConfirmModal';
import { collectionApi, useInvalidateType, type DeletedEntry } from '../contentApi';
import { trpcErrorMessage } from '../trpcErrors';

export function DeletedDrawer({
  type,
  base,
  opened,
  onClose,
}: {
  type: AnyContentType;
  base: string;
  opened: boolean;
  onClose: () => void;
}) {
  const api = collectionApi(type.key);
  const deleted = api.deleted.useQuery(undefined, { enabled: opened });
  const undelete = api.undelete.useMutation();
  const invalidate = useInvalidateType();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<DeletedEntry | null>(null);

  const bringBack = async (entry: DeletedEntry) => {
    setConfirming(null);
    try {
      const doc = await undelete.mutateAsync({ id: entry.id });
      await invalidate(type.key);
      notifications.show({ color: 'green', message: `Відновлено: «${entry.title}»` });
      onClose();
      void navigate(`${base}/${doc.id}`);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Не вдалося відновити', message: trpcErrorMessage(err) });
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Видалені документи" position="right" size="lg">
      <Stack>
        {deleted.error ? (
          <Alert color="red" role="alert">
            {trpcErrorMessage(deleted.error)}
          </Alert>
        ) : null}
        {deleted.data && !deleted.data.length ? (
          <Text c="dimmed">Видалених документів, які можна відновити, немає.</Text>
        ) : null}
        {(deleted.data ?? []).map((entry) => (
          <Group key={entry.id} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                {entry.title}
              </Text>
              <Text size="xs" c="dimmed">
                Видалено {formatDateTime(entry.deletedAt)}
                {entry.deletedBy ? ` · ${entry.deletedBy}` : ''}
              </Text>
            </div>
            <Button
              size="compact-xs"
              aria-label={`Відновити «${entry.title}»`}
              loading={undelete.isPending}
              onClick={() => setConfirming(entry)}
            >
              Відновити
            </Button>
          </Group>
        ))}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title="Відновити документ?"
        confirmLabel="Відновити"
        destructive={false}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void bringBack(confirming)}
      >
        «{confirming?.title}» повернеться до розділу з останньою збереженою версією
        {type.publishable ? ' як чернетка: щоб він з’явився на сайті, опублікуйте його знову.' : '.'}
      </ConfirmModal>
    </Drawer>
  );
}
