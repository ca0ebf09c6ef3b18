/**
 * One form field of a content type, rendered from its FieldSpec (see introspect.ts) and bound to
 * react-hook-form. Nested object lists (authors, table of contents, menu items...) render their item
 * fields recursively with add, remove and move up/down.
 */
import { ActionIcon, Button, Fieldset, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Controller, useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import type { FieldSpec } from './introspect';
import { controlledInput, registeredInput, REGISTERED_KINDS } from './widgets';

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
        ? null
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

/** Move up, move down and remove, for the item at `index` of a list of `count`. */
function ItemButtons({
  label,
  index,
  count,
  onMove,
  onRemove,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Stack gap={4}>
      <Tooltip label="Вище">
        <ActionIcon
          variant="default"
          aria-label={`${label}: перемістити вище (${index + 1})`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Нижче">
        <ActionIcon
          variant="default"
          aria-label={`${label}: перемістити нижче (${index + 1})`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Видалити">
        <ActionIcon variant="subtle" color="red" aria-label={`${label}: видалити (${index + 1})`} onClick={onRemove}>
          ✕
        </ActionIcon>
      </Tooltip>
    </Stack>
  );
}

/**
 * An object list's fieldset. The list's own error (such as «Вкажіть хоча б одного автора» for an
 * empty one; react-hook-form keeps it at `{path}` or, once items exist, `{path}.root`) shows under
 * the legend, and the fieldset is marked invalid and described by it as inputs are, so the save
 * focuses it (useFocusFirstInvalid).
 */
function ObjectList({ spec, path, depth }: { spec: FieldSpec; path: string; depth: number }) {
  const { control, formState } = useFormContext();
  const error = errorAt(formState.errors, path) ?? errorAt(formState.errors, `${path}.root`);
  const errorId = `${path}-error`;
  const { fields, append, remove, move } = useFieldArray({ control, name: path });
  // The menu goes three levels deep: the third level's items have no children.
  const itemFields = (spec.itemFields ?? []).filter(
    (f) => spec.kind !== 'menuTree' || depth < 2 || f.kind !== 'menuTree',
  );
  return (
    <Fieldset
      legend={spec.label}
      variant={depth ? 'filled' : 'default'}
      tabIndex={error ? -1 : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="sm">
        {spec.help ? (
          <Text size="sm" c="dimmed">
            {spec.help}
          </Text>
        ) : null}
        {error ? (
          <Text id={errorId} size="sm" c="red.9">
            {error}
          </Text>
        ) : null}
        {fields.map((item, index) => (
          <Group key={item.id} align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap="xs" style={{ flex: 1 }}>
              {itemFields.map((f) => (
                <FieldInput key={f.name} spec={f} path={`${path}.${index}.${f.name}`} depth={depth + 1} />
              ))}
            </Stack>
            <ItemButtons
              label={spec.label}
              index={index}
              count={fields.length}
              onMove={(to) => move(index, to)}
              onRemove={() => remove(index)}
            />
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
  // An image's refused type (`{path}.contentType`, shared/imageFiles.ts) shows at the image field itself.
  const error = errorAt(formState.errors, path) ?? errorAt(formState.errors, `${path}.contentType`);
  if (spec.kind === 'objectList' || spec.kind === 'menuTree')
    return <ObjectList spec={spec} path={path} depth={depth} />;
  if (REGISTERED_KINDS.has(spec.kind)) return registeredInput(spec, register(path), error);
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) =>
        controlledInput({ spec, path, error, altError: errorAt(formState.errors, `${path}.alt`), field })
      }
    />
  );
}
