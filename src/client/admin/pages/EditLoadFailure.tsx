/**
 * What the edit screen shows when its document cannot be loaded: an h1 (and so the tab's title) that
 * says what happened — «Документ не знайдено» for an unknown or deleted id, «Не вдалося завантажити
 * документ» for anything else (no connection, a server error) — the reason, a retry for the latter,
 * and the way back to the section's list.
 */
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { trpcErrorData, trpcErrorMessage } from '../trpcErrors';
import type { EditTarget } from './useEditDocument';

export function EditLoadFailure({
  target,
  error,
  onRetry,
}: {
  target: Pick<EditTarget, 'backTo' | 'backLabel'>;
  error: unknown;
  onRetry: () => void;
}) {
  const missing = trpcErrorData(error).code === 'NOT_FOUND';
  return (
    <Stack maw={960} align="flex-start">
      <Anchor component={Link} to={target.backTo} size="sm">
        ← {target.backLabel}
      </Anchor>
      <PageTitle>{missing ? 'Документ не знайдено' : 'Не вдалося завантажити документ'}</PageTitle>
      <Alert color="red" role="alert">
        {missing ? 'Такого документа немає: його могли видалити або адреса неправильна.' : trpcErrorMessage(error)}
      </Alert>
      <Group>
        {missing ? null : <Button onClick={onRetry}>Спробувати ще раз</Button>}
        <Button variant={missing ? 'filled' : 'default'} component={Link} to={target.backTo}>
          До списку «{target.backLabel}»
        </Button>
      </Group>
    </Stack>
  );
}
