/**
 * Reads a content type's zod schema to decide how each field is edited: the widget kind, whether it
 * may be empty, options of enums, the shape of nested objects. The registry adds what a schema cannot
 * say (rich text, files, relations); labels come from labels.ts.
 */
import { z } from 'zod';
import type { AnyContentType } from '../../../shared/content/define';
import { richTextFieldsOf } from '../../../shared/content/define';
import {
  BOOK_ORDER_STATES,
  DOC_KINDS,
  PUBLICATION_KINDS,
  SOCIAL_NETWORKS,
  TRAINING_FORMATS,
} from '../../../shared/content/constants';
import { CONTENT_LANGUAGES } from '../../../shared/content/language';
import { fieldLabel, MATCH_LABELS, STATUS_LABELS } from './labels';

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };

export type FieldKind =
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

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  nullable: boolean;
  options?: Array<{ value: string; label: string }>;
  relationTo?: string;
  /** Nested fields of each item (objectList). */
  itemFields?: FieldSpec[];
  maxLength?: number;
}

const ENUM_LABELS: Record<string, Record<string, string>> = {
  kind: { ...DOC_KINDS, ...PUBLICATION_KINDS },
  format: TRAINING_FORMATS,
  state: BOOK_ORDER_STATES,
  network: SOCIAL_NETWORKS,
  match: MATCH_LABELS,
  status: STATUS_LABELS,
  language: CONTENT_LANGUAGES,
  citationLanguage: CONTENT_LANGUAGES,
};

function unwrap(schema: ZodLike): { inner: ZodLike; nullable: boolean } {
  let s = schema;
  let nullable = false;
  for (;;) {
    const def = s._zod.def;
    if (def.type === 'default' || def.type === 'optional' || def.type === 'prefault') s = def.innerType as ZodLike;
    else if (def.type === 'nullable') {
      nullable = true;
      s = def.innerType as ZodLike;
    } else if (def.type === 'pipe') s = def.in as ZodLike;
    else if (def.type === 'union') {
      // `x.or(z.literal(''))`: a value of x's kind that may be left empty.
      const all = def.options as ZodLike[];
      const options = all.filter((o) => o._zod.def.type !== 'literal');
      if (!options.length) return { inner: s, nullable };
      nullable = nullable || options.length < all.length;
      s = options[0]!;
    } else return { inner: s, nullable };
  }
}

function isFileShape(def: Record<string, unknown>): boolean {
  const shape = def.shape as Record<string, unknown> | undefined;
  return !!shape && 'path' in shape && 'url' in shape;
}

function specFor(
  typeKey: string,
  name: string,
  schema: ZodLike,
  hints: { richText: Set<string>; relations: Map<string, string> },
): FieldSpec {
  const { inner, nullable } = unwrap(schema);
  const def = inner._zod.def;
  const base = { name, label: fieldLabel(typeKey, name), nullable };
  if (hints.richText.has(name)) return { ...base, kind: 'richText' };
  if (hints.relations.has(name)) return { ...base, kind: 'relation', relationTo: hints.relations.get(name) };
  if (name === 'status')
    return {
      ...base,
      kind: 'status',
      options: Object.entries(STATUS_LABELS).map(([value, l]) => ({ value, label: l })),
    };
  switch (def.type) {
    case 'string': {
      const format = def.format as string | undefined;
      // A field the registry declares a link (`.meta({ widget: 'url' })`, e.g. hrefSchema) is one line, however long it may be.
      if ((z.globalRegistry.get(inner as unknown as z.ZodType) as { widget?: string } | undefined)?.widget === 'url')
        return { ...base, kind: 'url' };
      if (format === 'date') return { ...base, kind: 'date' };
      if (format === 'datetime') return { ...base, kind: 'datetime' };
      const max = (inner as unknown as { maxLength?: number | null }).maxLength ?? undefined;
      return { ...base, kind: max !== undefined && max > 400 ? 'textarea' : 'text', maxLength: max };
    }
    case 'number':
      return { ...base, kind: 'number' };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'enum': {
      const values = Object.values(def.entries as Record<string, string>);
      const labels = ENUM_LABELS[name] ?? {};
      return {
        ...base,
        kind: 'select',
        options: values.map((v) => ({ value: v, label: labels[v] ?? v })),
      };
    }
    case 'object':
      if (isFileShape(def))
        return { ...base, kind: 'shape' in def && 'alt' in (def.shape as object) ? 'image' : 'file' };
      return {
        ...base,
        kind: 'objectList',
        itemFields: objectFields(typeKey, def.shape as Record<string, ZodLike>, hints),
      };
    case 'lazy':
      return { ...base, kind: 'menuTree' };
    case 'array': {
      const element = unwrap(def.element as ZodLike).inner;
      const edef = element._zod.def;
      if (edef.type === 'string') return { ...base, kind: 'tags' };
      if (edef.type === 'object' && isFileShape(edef)) return { ...base, kind: 'files' };
      if (edef.type === 'lazy') return { ...base, kind: 'menuTree' };
      if (edef.type === 'object')
        return {
          ...base,
          kind: 'objectList',
          itemFields: objectFields(typeKey, edef.shape as Record<string, ZodLike>, hints),
        };
      return { ...base, kind: 'tags' };
    }
    default:
      return { ...base, kind: 'text' };
  }
}

function objectFields(
  typeKey: string,
  shape: Record<string, ZodLike>,
  hints: { richText: Set<string>; relations: Map<string, string> },
): FieldSpec[] {
  const none = {
    richText: new Set<string>(),
    relations: hints.relations.size ? new Map<string, string>() : hints.relations,
  };
  return Object.entries(shape).map(([name, s]) => specFor(typeKey, name, s, none));
}

/** The editable fields of a type, in declaration order. */
export function formFields(type: AnyContentType): FieldSpec[] {
  const hints = {
    richText: new Set(richTextFieldsOf(type)),
    relations: new Map(type.relations.map((r) => [r.field, r.to])),
  };
  return Object.entries(type.schema.shape as unknown as Record<string, ZodLike>).map(([name, s]) =>
    specFor(type.key, name, s, hints),
  );
}
