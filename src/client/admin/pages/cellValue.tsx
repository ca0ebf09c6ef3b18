/** How a field's value is shown in an admin list cell. */
import { Badge } from '@mantine/core';
import type { FieldSpec } from '../form/introspect';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { fieldText } from '../../../shared/fieldText';

/** A publication state; the label is never cut short, however narrow the column. */
export function StateBadge({ color, label }: { color: string; label: string }) {
  return (
    <Badge color={color} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {label}
    </Badge>
  );
}

/**
 * A cell: states as badges, choices by label, dates in Kyiv time, relations by the related
 * document's title (`relationTitles`, id → title, from the list page; the id when it is gone).
 */
export function CellValue({
  spec,
  value,
  doc,
  relationTitles,
}: {
  spec: FieldSpec | undefined;
  value: unknown;
  doc: Record<string, unknown>;
  relationTitles?: Record<string, string>;
}) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (spec?.kind === 'status') {
    const at = doc.publishedAt as string | null | undefined;
    if (value === 'published' && at && at > new Date().toISOString())
      return <StateBadge color="orange" label="Заплановано" />;
    return value === 'published' ? (
      <StateBadge color="green" label="Опубліковано" />
    ) : (
      <StateBadge color="gray" label="Чернетка" />
    );
  }
  if (spec?.kind === 'relation') {
    return (
      <>
        {[value]
          .flat()
          .map((id) => relationTitles?.[fieldText(id)] ?? fieldText(id))
          .join(', ')}
      </>
    );
  }
  if (spec?.kind === 'select') return <>{spec.options?.find((o) => o.value === value)?.label ?? fieldText(value)}</>;
  if (spec?.kind === 'date') return <>{formatDate(fieldText(value))}</>;
  if (spec?.kind === 'datetime') return <>{formatDateTime(fieldText(value))}</>;
  if (spec?.kind === 'boolean') return <>{value ? 'Так' : 'Ні'}</>;
  if (Array.isArray(value)) return <>{value.length}</>;
  if (typeof value === 'object') return <>{String((value as { name?: string }).name ?? '…')}</>;
  return <>{fieldText(value)}</>;
}
