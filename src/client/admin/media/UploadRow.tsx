/**
 * One row of the upload list, waiting or started: a group named «Завантаження <file>» whose header
 * shows the file name, a status line (announced politely as it changes) and «Скасувати» while the
 * upload can still be cancelled; the started upload's progress and buttons follow as children.
 */
import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function UploadRow({
  file,
  status,
  onCancel,
  children,
}: {
  file: File;
  /** The status line, e.g. «У черзі (2 МБ)» or «Завантаження: 1 МБ з 2 МБ (50%)». */
  status: string;
  /** Shown as «Скасувати» when given. */
  onCancel?: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="group" aria-label={`Завантаження ${file.name}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} truncate maw={360}>
          {file.name}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {status}
          </Text>
          {onCancel ? (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
              Скасувати
            </Button>
          ) : null}
        </Group>
      </Group>
      {children}
    </div>
  );
}
