/** The revision history of a document: list, view a revision's fields, restore it. */
import { Badge, Button, Code, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/dates';
import type { CollectionApi, SingletonApi } from '../contentApi';

const ACTIONS: Record<string, string> = {
  create: 'Створено',
  update: 'Змінено',
  restore: 'Відновлено',
  publish: 'Опубліковано',
  unpublish: 'Знято з публікації',
};

export function RevisionsDrawer({
  api,
  id,
  opened,
  onClose,
  onRestore,
}: {
  api: CollectionApi | SingletonApi;
  id: string;
  opened: boolean;
  onClose: () => void;
  onRestore: (revision: number) => Promise<void>;
}) {
  const revisions = api.revisions.useQuery({ id }, { enabled: opened });
  const [viewing, setViewing] = useState<number | null>(null);
  const revision = api.revision.useQuery({ id, revision: viewing ?? 0 }, { enabled: viewing !== null });
  return (
    <Drawer opened={opened} onClose={onClose} title="Історія змін" position="right" size="lg">
      <Stack>
        {(revisions.data ?? []).map((r) => (
          <Group key={r.revision} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                Версія {r.version} <Badge variant="light">{ACTIONS[r.action] ?? r.action}</Badge>
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.at)} · {r.author.email ?? r.author.uid}
              </Text>
            </div>
            <Group gap={4}>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={`Переглянути версію ${r.version}`}
                onClick={() => setViewing(r.revision)}
              >
                Переглянути
              </Button>
              <Button
                size="compact-xs"
                aria-label={`Відновити версію ${r.version}`}
                onClick={() => void onRestore(r.revision)}
              >
                Відновити
              </Button>
            </Group>
          </Group>
        ))}
        {viewing !== null && revision.data ? (
          <ScrollArea h={360} type="auto">
            <Code block>{JSON.stringify(revision.data.data, null, 2)}</Code>
          </ScrollArea>
        ) : null}
      </Stack>
    </Drawer>
  );
}
