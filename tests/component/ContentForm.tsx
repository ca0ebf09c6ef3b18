/**
 * The edit form of a content type as SectionEditPage builds it (registry → FieldSpecs → FieldInput,
 * validated through react-hook-form by the schema the server parses the data with, focusing the first
 * invalid field after a save attempt), limited to the
 * widgets that need no server (files, images, relations and rich text talk to the API or load the
 * editor).
 */
import { useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { AnyContentType } from '../../src/shared/content/define';
import { formResolver, newDocumentValues } from '../../src/client/admin/form/defaults';
import { FieldInput } from '../../src/client/admin/form/FieldInput';
import { formFields, type FieldSpec } from '../../src/client/admin/form/introspect';
import { useFocusFirstInvalid } from '../../src/client/admin/form/useFocusFirstInvalid';

const NEEDS_SERVER = new Set(['file', 'image', 'files', 'relation', 'richText']);

export function ContentForm({
  type,
  values,
  onSubmit,
  onInvalid,
}: {
  type: AnyContentType;
  values?: Record<string, unknown>;
  onSubmit: (data: Record<string, unknown>) => void;
  /** Called with react-hook-form's errors when validation fails. */
  onInvalid?: (errors: Record<string, unknown>) => void;
}) {
  const specs = formFields(type).filter((f: FieldSpec) => !NEEDS_SERVER.has(f.kind));
  const form = useForm<Record<string, unknown>>({
    resolver: formResolver(type),
    defaultValues: { ...newDocumentValues(type, formFields(type)), ...values },
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, form.formState.submitCount, Object.keys(form.formState.errors).length > 0);
  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={(e) => void form.handleSubmit(onSubmit, onInvalid)(e)}>
        {specs.map((spec) => (
          <FieldInput key={spec.name} spec={spec} path={spec.name} />
        ))}
        <button type="submit">Зберегти</button>
      </form>
    </FormProvider>
  );
}
