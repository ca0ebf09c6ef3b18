/**
 * One revision's data for people: a heading «Версія N», then each form field of the type under its
 * form label (formFields: the registry's field meta). Values as the list cells show them (CellValue:
 * state in Ukrainian, choices by label, dates in Kyiv time), rich text as its plain text paragraphs
 * (never as HTML), files and images by name, lists by their items' names or count. Empty fields: «—».
 */
import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { AnyContentType } from '../../../shared/content/define';
import { fieldText } from '../../../shared/fieldText';
import { formFields, type FieldSpec } from '../form/introspect';
import { toKyivLocal } from '../form/kyivTime';
import { CellValue } from './cellValue';

/** Rich-text HTML as plain paragraphs (DOMParser runs no scripts and loads nothing). */
function richTextParagraphs(html: string): string[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const blocks = [...body.children].map((el) => el.textContent.trim()).filter(Boolean);
  return blocks.length ? blocks : [body.textContent.trim()].filter(Boolean);
}

/** An ISO instant as the form's date-time picker shows it: `DD.MM.YYYY HH:mm`, Kyiv time. */
function formDateTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(toKyivLocal(iso));
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}` : iso;
}

/** A file or image reference's name (its path's last part if it has none). */
function fileName(value: unknown): string {
  const ref = (value ?? {}) as { name?: unknown; path?: unknown };
  return fieldText(ref.name) || fieldText(ref.path).split('/').pop() || '…';
}

function FieldValue({ spec, value, data }: { spec: FieldSpec; value: unknown; data: Record<string, unknown> }) {
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
  if (empty) return <Text size="sm">—</Text>;
  if (spec.kind === 'richText')
    return (
      <>
        {richTextParagraphs(fieldText(value)).map((p, i) => (
          <Text key={i} size="sm">
            {p}
          </Text>
        ))}
      </>
    );
  if (spec.kind === 'datetime') return <Text size="sm">{formDateTime(fieldText(value))}</Text>;
  if (spec.kind === 'file' || spec.kind === 'image') return <Text size="sm">{fileName(value)}</Text>;
  if (spec.kind === 'files') return <Text size="sm">{(value as unknown[]).map(fileName).join(', ')}</Text>;
  if (spec.kind === 'tags') return <Text size="sm">{(value as unknown[]).map((v) => fieldText(v)).join(', ')}</Text>;
  if (spec.kind === 'objectList' || spec.kind === 'menuTree')
    return <Text size="sm">Елементів: {(value as unknown[]).length}</Text>;
  return (
    <Text size="sm" component="div" style={{ whiteSpace: 'pre-line' }}>
      <CellValue spec={spec} value={value} doc={data} />
    </Text>
  );
}

/** The revision saved as version `version` of a document of `type`, with data `data`. */
export function RevisionView({
  type,
  version,
  data,
}: {
  type: AnyContentType;
  version: number;
  data: Record<string, unknown>;
}) {
  const specs = useMemo(() => formFields(type), [type]);
  return (
    <Stack gap="xs" component="section" aria-label={`Версія ${version}`}>
      <Title order={3}>Версія {version}</Title>
      <dl style={{ margin: 0 }}>
        {specs.map((spec) => (
          <div key={spec.name} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
            <Text component="dt" size="sm" fw={600}>
              {spec.kind === 'datetime' ? `${spec.label} (київський час)` : spec.label}
            </Text>
            <dd style={{ margin: 0 }}>
              <FieldValue spec={spec} value={data[spec.name]} data={data} />
            </dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}
