/**
 * Field labels, help texts and widgets are declared once, in the registry (`.meta()`, see
 * src/shared/content/fieldMeta.ts): every field of every type, nested fields included, names itself
 * in Ukrainian, and declares nothing the admin does not read.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabelOf } from '../../src/shared/content/define';
import { declaredMetaKeys, FIELD_META_KEYS, fieldMetaOf } from '../../src/shared/content/fieldMeta';
import { contentTypeList } from '../../src/shared/content/registry';
import { users } from '../../src/shared/content/types/users';

type Schema = z.core.$ZodType;

const FILE_WIDGETS = new Set(['file', 'image', 'files']);

/** Every field schema of a type with its dotted path, descending into lists and nested objects. */
function fieldsOf(shape: Record<string, Schema>, prefix = '', seen = new Set<Schema>()): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  for (const [name, schema] of Object.entries(shape)) {
    out.push([`${prefix}${name}`, schema]);
    // File references are edited whole by the file widgets: their inner fields are not form fields.
    if (FILE_WIDGETS.has(fieldMetaOf(schema).widget ?? '')) continue;
    let s: Schema | undefined = schema;
    for (let i = 0; s && i < 12; i++) {
      const def: z.core.$ZodTypeDef = s._zod.def;
      if (seen.has(s)) break;
      seen.add(s);
      if (def.type === 'object') {
        out.push(...fieldsOf((def as z.core.$ZodObjectDef).shape, `${prefix}${name}.`, seen));
        break;
      }
      if (def.type === 'array') s = (def as z.core.$ZodArrayDef).element;
      else if (def.type === 'lazy') s = (def as z.core.$ZodLazyDef).getter();
      else if ('innerType' in def) s = (def as z.core.$ZodDefaultDef).innerType;
      else if (def.type === 'pipe') s = (def as z.core.$ZodPipeDef).in;
      else if (def.type === 'union') s = (def as z.core.$ZodUnionDef).options[0];
      else break;
    }
  }
  return out;
}

describe('field metadata in the registry', () => {
  it('gives every field of every type, nested ones included, a Ukrainian label', () => {
    for (const type of contentTypeList)
      for (const [path, schema] of fieldsOf(type.schema.shape))
        expect(fieldMetaOf(schema).label, `${type.key}.${path}`).toMatch(/[А-ЯІЇЄҐа-яіїєґ]|^(DOI|ISBN|ORCID)$/);
  });

  it('declares only the keys the admin reads', () => {
    for (const type of contentTypeList)
      for (const [path, schema] of fieldsOf(type.schema.shape))
        for (const key of declaredMetaKeys(schema))
          expect(FIELD_META_KEYS as readonly string[], `${type.key}.${path}: ${key}`).toContain(key);
  });

  it('reads a label through defaults and `.or(z.literal(""))`, the outermost declaration winning', () => {
    const inner = z.string().meta({ label: 'Внутрішня', widget: 'url' });
    const field = inner.or(z.literal('')).default('').meta({ label: 'Зовнішня', help: 'Підказка' });
    expect(fieldMetaOf(field)).toEqual({ label: 'Зовнішня', help: 'Підказка', widget: 'url' });
    expect(fieldLabelOf(users, 'title')).toBe('Прізвище, ім’я, по батькові');
    expect(fieldLabelOf(users, 'nonexistent')).toBe('nonexistent');
  });

  it('refuses an unknown widget at compile time', () => {
    // @ts-expect-error: not a FieldWidget
    const wrong = z.string().meta({ widget: 'urll' });
    expect(wrong).toBeDefined();
  });
});
