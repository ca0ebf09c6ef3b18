/**
 * Decides how each field of a content type is edited, from the registry: the label, help text,
 * widget and option names each field declares with `.meta()` (shared/content/fieldMeta.ts), the
 * registry's rich-text fields and relations, and from the schema what it alone can say (whether a
 * field may be empty, an enum's values, a text's length limit, the fields of nested objects).
 *
 * A field without a declared widget is inferred, as a fallback for plain values only: strings (a
 * one-line input, a textarea above 400 characters, date and datetime inputs for ISO dates), numbers
 * and booleans. Anything else (lists, nested objects, files, choices) must declare its widget; a
 * field that does not is a programming error, thrown here and caught by tests/unit/admin-lib.test.ts.
 */
import type { z } from 'zod';
import type { AnyContentType } from '../../../shared/content/define';
import { maintainedFieldsOf, richTextFieldsOf } from '../../../shared/content/define';
import { fieldMetaOf, type FieldWidget } from '../../../shared/content/fieldMeta';
import type { FileKind } from '../../../shared/documentFiles';

type Schema = z.core.$ZodType;

/** The widget kinds of the admin form (the registry's FieldWidget). */
export type FieldKind = FieldWidget;

export interface FieldSpec {
  name: string;
  label: string;
  /** A sentence shown under the field. */
  help?: string;
  kind: FieldKind;
  nullable: boolean;
  options?: Array<{ value: string; label: string }>;
  relationTo?: string;
  /** Nested fields of each item (objectList, menuTree). */
  itemFields?: FieldSpec[];
  maxLength?: number;
  /** Which files a file field takes (file, files). */
  accept?: FileKind;
}

interface Hints {
  richText: Set<string>;
  relations: Map<string, string>;
}

const NO_HINTS: Hints = { richText: new Set(), relations: new Map() };

/** The schema under defaults, optionality, nullability, pipes and `x.or(z.literal(''))`, and whether it may be empty. */
function unwrap(schema: Schema): { inner: Schema; nullable: boolean } {
  let s = schema;
  let nullable = false;
  for (;;) {
    const def = s._zod.def;
    if (def.type === 'default' || def.type === 'optional' || def.type === 'prefault')
      s = (def as z.core.$ZodDefaultDef).innerType;
    else if (def.type === 'nullable') {
      nullable = true;
      s = (def as z.core.$ZodNullableDef).innerType;
    } else if (def.type === 'pipe') s = (def as z.core.$ZodPipeDef).in;
    else if (def.type === 'union') {
      const all = (def as z.core.$ZodUnionDef).options;
      const options = all.filter((o) => o._zod.def.type !== 'literal');
      if (!options.length) return { inner: s, nullable };
      nullable = nullable || options.length < all.length;
      s = options[0]!;
    } else if (def.type === 'lazy') s = (def as z.core.$ZodLazyDef).getter();
    else return { inner: s, nullable };
  }
}

/** A string's maximum length (zod's classic strings expose it), if it has one. */
function maxLengthOf(schema: Schema): number | undefined {
  const max = 'maxLength' in schema ? schema.maxLength : undefined;
  return typeof max === 'number' ? max : undefined;
}

/** The fallback for a field without a declared widget: plain strings, numbers and booleans. */
function inferredWidget(inner: Schema, where: string): FieldWidget {
  const def = inner._zod.def;
  if (def.type === 'number') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'string') {
    const format = (def as z.core.$ZodStringFormatDef).format as string | undefined;
    if (format === 'date') return 'date';
    if (format === 'datetime') return 'datetime';
    const max = maxLengthOf(inner);
    return max !== undefined && max > 400 ? 'textarea' : 'text';
  }
  throw new Error(`${where}: declare the field's widget with .meta({ widget }) (a ${def.type} is not inferred)`);
}

/** The object schema of each item of a list (or of the lazy menu item). */
function itemShapeOf(inner: Schema): Record<string, Schema> | undefined {
  const def = inner._zod.def;
  const element = def.type === 'array' ? unwrap((def as z.core.$ZodArrayDef).element).inner : inner;
  const edef = element._zod.def;
  return edef.type === 'object' ? (edef as z.core.$ZodObjectDef).shape : undefined;
}

function specFor(where: string, name: string, schema: Schema, hints: Hints): FieldSpec {
  const { inner, nullable } = unwrap(schema);
  const meta = fieldMetaOf(schema);
  const base = {
    name,
    label: meta.label ?? name,
    nullable,
    ...(meta.help ? { help: meta.help } : {}),
    ...(meta.accept ? { accept: meta.accept } : {}),
  };
  if (hints.relations.has(name)) return { ...base, kind: 'relation', relationTo: hints.relations.get(name) };
  const kind: FieldWidget = hints.richText.has(name) ? 'richText' : (meta.widget ?? inferredWidget(inner, where));
  switch (kind) {
    case 'select':
    case 'status': {
      const entries = (inner._zod.def as z.core.$ZodEnumDef).entries ?? {};
      const values = Object.values(entries).map(String);
      return { ...base, kind, options: values.map((v) => ({ value: v, label: meta.options?.[v] ?? v })) };
    }
    case 'objectList':
      return { ...base, kind, itemFields: objectFields(where, itemShapeOf(inner) ?? {}) };
    case 'menuTree': {
      // The menu item is recursive: its `children` are menu items again, so they share this list.
      const itemFields: FieldSpec[] = [];
      for (const [field, s] of Object.entries(itemShapeOf(inner) ?? {})) {
        const child = fieldMetaOf(s);
        if (child.widget === 'menuTree')
          itemFields.push({ name: field, label: child.label ?? field, kind: 'menuTree', nullable: false, itemFields });
        else itemFields.push(specFor(`${where}.${field}`, field, s, NO_HINTS));
      }
      return { ...base, kind, itemFields };
    }
    case 'text':
    case 'textarea': {
      const max = maxLengthOf(inner);
      return { ...base, kind, ...(max !== undefined ? { maxLength: max } : {}) };
    }
    default:
      return { ...base, kind };
  }
}

function objectFields(where: string, shape: Record<string, Schema>): FieldSpec[] {
  return Object.entries(shape).map(([name, s]) => specFor(`${where}.${name}`, name, s, NO_HINTS));
}

/** The editable fields of a type, in declaration order (not those the server maintains). */
export function formFields(type: AnyContentType): FieldSpec[] {
  const hints: Hints = {
    richText: new Set(richTextFieldsOf(type)),
    relations: new Map(type.relations.map((r) => [r.field, r.to])),
  };
  const maintained = new Set(maintainedFieldsOf(type));
  return Object.entries(type.schema.shape)
    .filter(([name]) => !maintained.has(name))
    .map(([name, s]) => specFor(`${type.key}.${name}`, name, s, hints));
}
