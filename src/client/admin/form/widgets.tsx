/**
 * The inputs of the form's controlled widgets (bound through react-hook-form's Controller), one
 * render function per widget kind; FieldInput picks one by the field's kind.
 */
import { Input, NumberInput, SegmentedControl, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import type { ControllerRenderProps, FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import { DateField, DateTimeField } from './DateFields';
import { FileListField, SingleFileField } from './FileField';
import type { FieldKind, FieldSpec } from './introspect';
import { RelationSelect } from './RelationSelect';
import { RichTextEditor } from './RichTextEditor';

export interface WidgetProps {
  spec: FieldSpec;
  /** The field's dotted path in the form. */
  path: string;
  error: string | undefined;
  /** The error of an image's alt text (`{path}.alt`). */
  altError: string | undefined;
  field: ControllerRenderProps<FieldValues, string>;
}

/** The widget kinds bound through `register` (plain inputs) rather than a Controller. */
export const REGISTERED_KINDS = new Set<FieldKind>(['text', 'url', 'textarea']);

/** A one-line text, a link (site paths too) or a textarea, bound through `register`. */
export function registeredInput(spec: FieldSpec, registered: UseFormRegisterReturn, error: string | undefined) {
  const { label, help } = spec;
  if (spec.kind === 'url') {
    // Site paths (/docs/…) are links too, so not type="url" (the browser would refuse them); the schema checks.
    return (
      <TextInput
        label={label}
        description={help}
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="/… або https://…"
        {...registered}
        error={error}
        maxLength={spec.maxLength}
      />
    );
  }
  if (spec.kind === 'textarea') {
    return (
      <Textarea label={label} description={help} autosize minRows={2} maxRows={10} {...registered} error={error} />
    );
  }
  return <TextInput label={label} description={help} {...registered} error={error} maxLength={spec.maxLength} />;
}

function richText({ spec, path, error, field }: WidgetProps) {
  return (
    <Input.Wrapper label={spec.label} description={spec.help} error={error} id={`${path}-editor`}>
      <RichTextEditor
        id={`${path}-editor`}
        label={spec.label}
        value={(field.value as string) ?? ''}
        onChange={field.onChange}
      />
    </Input.Wrapper>
  );
}

/** An emptied number is null (never 0): the schema says «<label>: заповніть це поле» unless the field is optional. */
function number({ spec, error, field }: WidgetProps) {
  return (
    <NumberInput
      label={spec.label}
      description={spec.help}
      value={(field.value as number | null) ?? ''}
      onChange={(v) => field.onChange(v === '' ? null : Number(v))}
      error={error}
      allowDecimal={false}
    />
  );
}

function boolean({ spec, field }: WidgetProps) {
  return (
    <Switch
      label={spec.label}
      description={spec.help}
      checked={!!field.value}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
    />
  );
}

function date({ spec, error, field }: WidgetProps) {
  return <DateField spec={spec} error={error} value={field.value as string | null} onChange={field.onChange} />;
}

/** Edited as Kyiv wall-clock time, stored as UTC. */
function datetime({ spec, error, field }: WidgetProps) {
  return <DateTimeField spec={spec} error={error} value={field.value as string | null} onChange={field.onChange} />;
}

function status({ spec, field }: WidgetProps) {
  return (
    <Input.Wrapper label={spec.label} description={spec.help}>
      <div>
        <SegmentedControl
          value={(field.value as string | null) ?? 'draft'}
          onChange={field.onChange}
          data={spec.options ?? []}
        />
      </div>
    </Input.Wrapper>
  );
}

function select({ spec, error, field }: WidgetProps) {
  return (
    <Select
      label={spec.label}
      description={spec.help}
      data={spec.options ?? []}
      value={(field.value as string | null) ?? null}
      onChange={field.onChange}
      allowDeselect={false}
      error={error}
    />
  );
}

function tags({ spec, error, field }: WidgetProps) {
  return (
    <TagsInput
      label={spec.label}
      description={spec.help}
      value={(field.value as string[]) ?? []}
      onChange={field.onChange}
      error={error}
      splitChars={[',', ';']}
    />
  );
}

function relation({ spec, error, field }: WidgetProps) {
  return (
    <RelationSelect
      to={spec.relationTo!}
      label={spec.label}
      value={(field.value as string | null) ?? null}
      onChange={field.onChange}
      nullable={spec.nullable}
      error={error}
    />
  );
}

function file({ spec, error, altError, field }: WidgetProps) {
  return (
    <SingleFileField
      label={spec.label}
      image={spec.kind === 'image'}
      accept={spec.accept}
      value={(field.value as Parameters<typeof SingleFileField>[0]['value'] | undefined) ?? null}
      onChange={field.onChange}
      error={error}
      altError={altError}
    />
  );
}

function files({ spec, error, field }: WidgetProps) {
  return (
    <FileListField
      label={spec.label}
      accept={spec.accept}
      value={(field.value as []) ?? []}
      onChange={field.onChange}
      error={error}
    />
  );
}

function fallback({ spec, error, field }: WidgetProps) {
  return <TextInput label={spec.label} value={String(field.value ?? '')} onChange={field.onChange} error={error} />;
}

const CONTROLLED: Partial<Record<FieldKind, (props: WidgetProps) => ReactElement>> = {
  richText,
  number,
  boolean,
  date,
  datetime,
  status,
  select,
  tags,
  relation,
  file,
  image: file,
  files,
};

/** The controlled input of the field's widget kind (a plain text input for a kind without one). */
export function controlledInput(props: WidgetProps): ReactElement {
  return (CONTROLLED[props.spec.kind] ?? fallback)(props);
}
