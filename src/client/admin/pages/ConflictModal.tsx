/** Shown when a save finds a newer version: reload the document, or compare and then decide. */
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

function brief(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(/<[^>]+>/g, ' ') : JSON.stringify(value);
  return (text ?? '').slice(0, 160);
}

export function ConflictModal({
  opened,
  mine,
  theirs,
  labels,
  onReload,
  onKeepMine,
  onClose,
}: {
  opened: boolean;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown> | null;
  labels: (field: string) => string;
  onReload: () => void;
  onKeepMine: () => void;
  onClose: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const changed = theirs ? Object.keys(mine).filter((k) => JSON.stringify(mine[k]) !== JSON.stringify(theirs[k])) : [];
  return (
    <Modal opened={opened} onClose={onClose} title="Документ змінено іншим користувачем" size="xl">
      <Stack>
        <Text>Поки ви редагували, хтось інший зберіг цей документ. Ваші зміни ще не збережено.</Text>
        {comparing && theirs ? (
          <ScrollArea h={320} type="auto">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Поле</Table.Th>
                  <Table.Th>Збережена версія</Table.Th>
                  <Table.Th>Ваша версія</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changed.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Td>{labels(k)}</Table.Td>
                    <Table.Td>{brief(theirs[k])}</Table.Td>
                    <Table.Td>{brief(mine[k])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            Завантажити збережену версію
          </Button>
          {!comparing ? (
            <Button variant="light" onClick={() => setComparing(true)} disabled={!theirs}>
              Порівняти
            </Button>
          ) : (
            <Button color="orange" onClick={onKeepMine}>
              Зберегти мою версію поверх
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
