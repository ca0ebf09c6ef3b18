/**
 * What a content field says about itself beyond validation: its Ukrainian label, an optional help
 * text and the admin widget that edits it, declared on the field's zod schema with zod 4's
 * `.meta({ label, help, widget, options })`. The admin's forms, list columns and conflict view and
 * the validation messages of the field helpers (fields.ts) all read them from here.
 *
 * The shape is typed by augmenting zod's `GlobalMeta`, so a wrong widget name or a label that is not
 * a string is a type error; `tests/unit/field-meta.test.ts` also refuses keys that are not declared
 * here (zod's meta type allows any key) and requires a label on every field of every type.
 */
import { z } from 'zod';
import type { FileKind } from '../documentFiles';

/** How the admin edits a field (client/admin/form/FieldInput.tsx renders each). */
export type FieldWidget =
  | 'text'
  | 'url'
  | 'textarea'
  | 'richText'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'select'
  | 'status'
  | 'tags'
  | 'file'
  | 'image'
  | 'files'
  | 'relation'
  | 'objectList'
  | 'menuTree';

/** The metadata a field schema may carry. */
export interface FieldMeta {
  /** The field's Ukrainian name: form label, list column, validation messages. */
  label?: string;
  /** A sentence under the field in the form. */
  help?: string;
  /** The widget; without one the admin infers it for plain strings, numbers, booleans and dates. */
  widget?: FieldWidget;
  /** Ukrainian names of an enum's values (`select` and `status`). */
  options?: Readonly<Record<string, string>>;
  /** Which files a `file`/`files` field takes (shared/documentFiles.ts); the admin checks before uploading. */
  accept?: FileKind;
}

/** The keys FieldMeta declares (the unit test refuses any other key on a content field). */
export const FIELD_META_KEYS: ReadonlyArray<keyof FieldMeta> = ['label', 'help', 'widget', 'options', 'accept'];

declare module 'zod' {
  // Declaration merging with zod's GlobalMeta: `.meta({ widget: 'urll' })` no longer compiles.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalMeta extends FieldMeta {}
}

/** The wrapped schema of a wrapper that does not change what a field is (default, optional, nullable, pipe). */
function innerOf(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return (def as z.core.$ZodDefaultDef).innerType;
    case 'pipe':
      return (def as z.core.$ZodPipeDef).in;
    case 'union': {
      // `x.or(z.literal(''))`: a value of x's kind that may be left empty.
      const options = (def as z.core.$ZodUnionDef).options;
      return options.find((o) => o._zod.def.type !== 'literal') ?? options[0];
    }
    default:
      return undefined;
  }
}

/**
 * The metadata of a field: what its schema declares, looking through defaults, optionality,
 * nullability, pipes and `x.or(z.literal(''))`; the outermost declaration of a key wins (so
 * `text(300, 'Адреса').default('').meta({ help })` keeps the helper's label and adds the help).
 */
export function fieldMetaOf(schema: z.core.$ZodType): FieldMeta {
  const chain: z.core.$ZodType[] = [];
  for (let s: z.core.$ZodType | undefined = schema; s && chain.length < 16; s = innerOf(s)) chain.push(s);
  const meta: FieldMeta = {};
  for (const s of chain.reverse()) Object.assign(meta, pickFieldMeta(z.globalRegistry.get(s)));
  return meta;
}

function pickFieldMeta(meta: z.core.GlobalMeta | undefined): FieldMeta {
  if (!meta) return {};
  const out: FieldMeta = {};
  if (meta.label !== undefined) out.label = meta.label;
  if (meta.help !== undefined) out.help = meta.help;
  if (meta.widget !== undefined) out.widget = meta.widget;
  if (meta.options !== undefined) out.options = meta.options;
  if (meta.accept !== undefined) out.accept = meta.accept;
  return out;
}

/** Every meta key a field's schemas declare (for the test that refuses undeclared ones). */
export function declaredMetaKeys(schema: z.core.$ZodType): string[] {
  const keys = new Set<string>();
  for (let s: z.core.$ZodType | undefined = schema, n = 0; s && n < 16; s = innerOf(s), n++)
    for (const key of Object.keys(z.globalRegistry.get(s) ?? {})) keys.add(key);
  return [...keys];
}
