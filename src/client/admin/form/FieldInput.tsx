/**
 * One form field of a content type, rendered from its FieldSpec (see introspect.ts) and bound to
 * react-hook-form. Nested object lists (authors, table of contents, menu items...) render their item
 * fields recursively with add, remove and move up/down.
 */
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { Controller, useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import { FileListField, SingleFileField } from './FileField';
import type { FieldSpec } from './introspect';
import { fromKyivLocal, toKyivLocal } from './kyivTime';
import { RelationSelect } from './RelationSelect';
import { RichTextEditor } from './RichTextEditor';

/** The error message at a dotted path of react-hook-form's errors. */
function errorAt(errors: FieldValues, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** An empty item for an object list, from its item fields. */
function emptyItem(fields: FieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.kind === 'number'
        ? 0
        : f.kind === 'boolean'
          ? false
          : ['tags', 'files', 'objectList', 'menuTree'].includes(f.kind)
            ? []
            : f.nullable && f.kind !== 'text' && f.kind !== 'url'
              ? null
              : f.kind === 'select'
                ? (f.options?.[0]?.value ?? '')
                : '',
    ]),
  );
}

function ObjectList({ spec, path, depth }: { spec: FieldSpec; path: string; depth: number }) {
  const { control } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ control, name: path });
  // The menu goes three levels deep: the third level's items have no children.
  const itemFields = (spec.itemFields ?? []).filter(
    (f) => spec.kind !== 'menuTree' || depth < 2 || f.kind !== 'menuTree',
  );
  return (
    <Fieldset legend={spec.label} variant={depth ? 'filled' : 'default'}>
      <Stack gap="sm">
        {spec.help ? (
          <Text size="sm" c="dimmed">
            {spec.help}
          </Text>
        ) : null}
        {fields.map((item, index) => (
          <Group key={item.id} align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap="xs" style={{ flex: 1 }}>
              {itemFields.map((f) => (
                <FieldInput key={f.name} spec={f} path={`${path}.${index}.${f.name}`} depth={depth + 1} />
              ))}
            </Stack>
            <Stack gap={4}>
              <Tooltip label="Вище">
                <ActionIcon
                  variant="default"
                  aria-label={`${spec.label}: перемістити вище (${index + 1})`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Нижче">
                <ActionIcon
                  variant="default"
                  aria-label={`${spec.label}: перемістити нижче (${index + 1})`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Видалити">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${spec.label}: видалити (${index + 1})`}
                  onClick={() => remove(index)}
                >
                  ✕
                </ActionIcon>
              </Tooltip>
            </Stack>
          </Group>
        ))}
        <Button size="xs" variant="light" w="fit-content" onClick={() => append(emptyItem(itemFields))}>
          Додати: {spec.label.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  );
}

export function FieldInput({ spec, path, depth = 0 }: { spec: FieldSpec; path: string; depth?: number }) {
  const { control, register, formState } = useFormContext();
  const error = errorAt(formState.errors, path);
  const label = spec.label;
  switch (spec.kind) {
    case 'objectList':
    case 'menuTree':
      return <ObjectList spec={spec} path={path} depth={depth} />;
    case 'text':
      return (
        <TextInput label={label} description={spec.help} {...register(path)} error={error} maxLength={spec.maxLength} />
      );
    case 'url':
      // Site paths (/docs/…) are links too, so not type="url" (the browser would refuse them); the schema checks.
      return (
        <TextInput
          label={label}
          description={spec.help}
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="/… або https://…"
          {...register(path)}
          error={error}
          maxLength={spec.maxLength}
        />
      );
    case 'textarea':
      return (
        <Textarea
          label={label}
          description={spec.help}
          autosize
          minRows={2}
          maxRows={10}
          {...register(path)}
          error={error}
        />
      );
    default:
      return (
        <Controller
          control={control}
          name={path}
          render={({ field }) => {
            switch (spec.kind) {
              case 'richText':
                return (
                  <Input.Wrapper label={label} description={spec.help} error={error} id={`${path}-editor`}>
                    <RichTextEditor
                      id={`${path}-editor`}
                      label={label}
                      value={(field.value as string) ?? ''}
                      onChange={field.onChange}
                    />
                  </Input.Wrapper>
                );
              case 'number':
                return (
                  <NumberInput
                    label={label}
                    description={spec.help}
                    value={(field.value as number | null) ?? ''}
                    onChange={(v) => field.onChange(v === '' ? (spec.nullable ? null : 0) : Number(v))}
                    error={error}
                    allowDecimal={false}
                  />
                );
              case 'boolean':
                return (
                  <Switch
                    label={label}
                    description={spec.help}
                    checked={!!field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                );
              case 'date':
                return (
                  <TextInput
                    type="date"
                    label={label}
                    description={spec.help}
                    value={(field.value as string | null) ?? ''}
                    onChange={(e) => field.onChange(e.currentTarget.value || (spec.nullable ? null : ''))}
                    error={error}
                  />
                );
              case 'datetime':
                return (
                  <TextInput
                    type="datetime-local"
                    label={`${label} (київський час)`}
                    description={spec.help}
                    value={toKyivLocal(field.value as string | null)}
                    onChange={(e) =>
                      field.onChange(fromKyivLocal(e.currentTarget.value) ?? (spec.nullable ? null : ''))
                    }
                    error={error}
                  />
                );
              case 'status':
                return (
                  <Input.Wrapper label={label} description={spec.help}>
                    <div>
                      <SegmentedControl
                        value={(field.value as string | null) ?? 'draft'}
                        onChange={field.onChange}
                        data={spec.options ?? []}
                      />
                    </div>
                  </Input.Wrapper>
                );
              case 'select':
                return (
                  <Select
                    label={label}
                    description={spec.help}
                    data={spec.options ?? []}
                    value={(field.value as string | null) ?? null}
                    onChange={field.onChange}
                    allowDeselect={false}
                    error={error}
                  />
                );
              case 'tags':
                return (
                  <TagsInput
                    label={label}
                    description={spec.help}
                    value={(field.value as string[]) ?? []}
                    onChange={field.onChange}
                    error={error}
                    splitChars={[',', ';']}
                  />
                );
              case 'relation':
                return (
                  <RelationSelect
                    to={spec.relationTo!}
                    label={label}
                    value={(field.value as string | null) ?? null}
                    onChange={field.onChange}
                    nullable={spec.nullable}
                    error={error}
                  />
                );
              case 'file':
              case 'image':
                return (
                  <SingleFileField
                    label={label}
                    image={spec.kind === 'image'}
                    value={(field.value as Parameters<typeof SingleFileField>[0]['value'] | undefined) ?? null}
                    onChange={field.onChange}
                    error={error}
                    altError={errorAt(formState.errors, `${path}.alt`)}
                  />
                );
              case 'files':
                return (
                  <FileListField
                    label={label}
                    value={(field.value as []) ?? []}
                    onChange={field.onChange}
                    error={error}
                  />
                );
              default:
                return (
                  <TextInput label={label} value={String(field.value ?? '')} onChange={field.onChange} error={error} />
                );
            }
          }}
        />
      );
  }
}
