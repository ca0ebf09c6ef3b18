/** Starting values of a new document's form, and the schema the form validates with. */
import { z } from 'zod';
import type { AnyContentType } from '../../../shared/content/define';
import type { FieldSpec } from './introspect';

function emptyFor(f: FieldSpec): unknown {
  if (['tags', 'files', 'objectList', 'menuTree'].includes(f.kind)) return [];
  if (f.kind === 'boolean') return false;
  if (f.kind === 'number') return f.nullable ? null : 0;
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

/** The form's schema: the type's schema, with an empty slug allowed (the server makes one from the title). */
export function formSchema(type: AnyContentType): z.ZodObject {
  if (!type.slug) return type.schema;
  const slug = (type.schema.shape as Record<string, z.ZodType>)[type.slug.field]!;
  return (type.schema as unknown as z.ZodObject).extend({ [type.slug.field]: slug.or(z.literal('')) });
}

/** Only the fields of the type (drops id, version and timestamps of a loaded document). */
export function dataOf(type: AnyContentType, doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(type.schema.shape)
      .filter((k) => k in doc)
      .map((k) => [k, doc[k]]),
  );
}
