/**
 * The conflict dialog's comparison: for each changed field, who changed it and the whole stored and
 * my value side by side. Text is shown in full as text (HTML markup visible, never rendered), lists
 * and objects as indented JSON; each value scrolls on its own when long.
 */
import { Box, Table, Text } from '@mantine/core';
import type { FieldChange } from './conflictMerge';

const WHO: Record<FieldChange, string> = {
  mine: 'Ви',
  theirs: 'Інший користувач',
  both: 'Ви й інший користувач',
};

/** A field value as readable text: strings as they are, empty as «—», anything else as indented JSON. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

function FullValue({ value, label }: { value: unknown; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      m={0}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflow: 'auto', font: 'inherit' }}
    >
      {readableValue(value)}
    </Box>
  );
}

/** The table of changed `fields` (with who changed them) between `theirs` and `mine`. */
export function ConflictCompare({
  fields,
  mine,
  theirs,
  labels,
}: {
  fields: { name: string; change: FieldChange }[];
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  labels: (field: string) => string;
}) {
  if (!fields.length) return <Text>Відмінностей немає.</Text>;
  return (
    <Table layout="fixed" aria-label="Порівняння версій">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="18%">Поле</Table.Th>
          <Table.Th>Збережена версія</Table.Th>
          <Table.Th>Ваша версія</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map(({ name, change }) => (
          <Table.Tr key={name} style={{ verticalAlign: 'top' }}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {labels(name)}
              </Text>
              <Text size="xs" c="dimmed">
                Змінив(ла): {WHO[change]}
              </Text>
            </Table.Td>
            <Table.Td>
              <FullValue value={theirs[name]} label={`${labels(name)}: збережена версія`} />
            </Table.Td>
            <Table.Td>
              <FullValue value={mine[name]} label={`${labels(name)}: ваша версія`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
