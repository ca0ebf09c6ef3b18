/** Starting values of a new document's form, and the schema the form validates with. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { adminDataSchema } from '../../../shared/content/adminInput';
import type { AnyContentType } from '../../../shared/content/define';
import type { FieldSpec } from './introspect';

function emptyFor(f: FieldSpec): unknown {
  if (['tags', 'files', 'objectList', 'menuTree'].includes(f.kind)) return [];
  if (f.kind === 'boolean') return false;
  // A number starts empty (the schema's default, such as an order's 0, overlays it below).
  if (f.kind === 'number') return null;
  if (['image', 'file', 'relation', 'datetime'].includes(f.kind)) return null;
  if (f.kind === 'date') return f.nullable ? null : '';
  if (f.kind === 'select') return f.options?.[0]?.value ?? '';
  if (f.kind === 'status') return 'draft';
  return '';
}

/** Empty values for every field, overlaid with the schema's own defaults. */
export function newDocumentValues(type: AnyContentType, specs: FieldSpec[]): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(specs.map((f) => [f.name, emptyFor(f)]));
  const shape = type.schema.shape as Record<string, z.ZodType>;
  for (const [name, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) values[name] = parsed.data;
  }
  return values;
}

/**
 * The form's schema: the one the server parses the admin's data with (`adminDataSchema`), so the
 * form accepts what the server accepts (an empty slug too: the server makes one from the title).
 */
export function formSchema(type: AnyContentType): ReturnType<typeof adminDataSchema> {
  return adminDataSchema(type);
}

/** The edit form's resolver: zod validation by formSchema, submitting the parsed values. */
export function formResolver(type: AnyContentType): Resolver<Record<string, unknown>> {
  return zodResolver(formSchema(type)) as Resolver<Record<string, unknown>>;
}

/** Only the fields of the type (drops id, version and timestamps of a loaded document). */
export function dataOf(type: AnyContentType, doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(type.schema.shape)
      .filter((k) => k in doc)
      .map((k) => [k, doc[k]]),
  );
}
