/** How a field's value is shown in an admin list cell. */
import { Badge } from '@mantine/core';
import type { FieldSpec } from '../form/introspect';
import { formatDate, formatDateTime } from '../../lib/dates';

export function CellValue({ spec, value, doc }: { spec: FieldSpec | undefined; value: unknown; doc: Record<string, unknown> }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (spec?.kind === 'status') {
    const at = doc.publishedAt as string | null | undefined;
    if (value === 'published' && at && at > new Date().toISOString()) return <Badge color="orange" variant="light">Заплановано</Badge>;
    return value === 'published' ? <Badge color="green" variant="light">Опубліковано</Badge> : <Badge color="gray" variant="light">Чернетка</Badge>;
  }
  if (spec?.kind === 'select') return <>{spec.options?.find((o) => o.value === value)?.label ?? String(value)}</>;
  if (spec?.kind === 'date') return <>{formatDate(String(value))}</>;
  if (spec?.kind === 'datetime') return <>{formatDateTime(String(value))}</>;
  if (spec?.kind === 'boolean') return <>{value ? 'Так' : 'Ні'}</>;
  if (Array.isArray(value)) return <>{value.length}</>;
  if (typeof value === 'object') return <>{String((value as { name?: string }).name ?? '…')}</>;
  return <>{String(value)}</>;
}
