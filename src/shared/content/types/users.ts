/** The staff directory (people shown on the site; not sign-in accounts, which are AuthUsers). */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { emailSchema, idRefSchema, optionalImage, orderField, requiredText, text } from '../fields';

/**
 * Whether an ORCID iD could have been issued: its check character is right (ISO 7064 MOD 11-2, as
 * ORCID documents it) and it is not in the 0000-0000-… block, which ORCID does not issue.
 */
export function isIssuableOrcid(id: string): boolean {
  const digits = id.replace(/-/g, '');
  if (digits.startsWith('00000000')) return false;
  let total = 0;
  for (const ch of digits.slice(0, 15)) total = (total + Number(ch)) * 2;
  const result = (12 - (total % 11)) % 11;
  return digits[15] === (result === 10 ? 'X' : String(result));
}

export const users = defineContentType({
  key: 'users',
  adminSection: 'Users',
  labels: { singular: 'Співробітник', plural: 'Співробітники' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    // Its own name for the title field, so a message under it names the right field.
    title: requiredText(300, 'Прізвище, ім’я, по батькові'),
    /** Full name, e.g. «Коваленко Олена Петрівна» (the title field holds it). */
    position: text(300, 'Посада').default(''),
    academicDegree: text(200, 'Науковий ступінь').default(''),
    academicTitle: text(200, 'Вчене звання').default(''),
    departmentId: idRefSchema.nullable().default(null).meta({ label: 'Підрозділ' }),
    order: orderField(),
    email: emailSchema.or(z.literal('')).default(''),
    phone: text(60, 'Телефон').default(''),
    /** An ORCID iD, or empty (the site then shows none). */
    orcid: z
      .string()
      .trim()
      .regex(/^(\d{4}-){3}\d{3}[\dX]$/, 'ORCID має вигляд 0000-0002-1825-0097')
      .refine(
        isIssuableOrcid,
        'Такого ORCID не існує: перевірте цифри (остання — контрольна) або залиште поле порожнім',
      )
      .or(z.literal(''))
      .default('')
      .meta({ label: 'ORCID' }),
    photo: optionalImage('Фото'),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'position', 'departmentId', 'status'],
  listFields: ['title', 'photo', 'position', 'academicDegree', 'academicTitle', 'email', 'orcid'],
  searchable: ['title', 'position'],
  filters: ['departmentId'],
  sorts: { order: { by: ['order'], direction: 'asc' }, name: { by: ['title'], direction: 'asc' } },
  fileFields: ['photo'],
  relations: [{ field: 'departmentId', to: 'departments' }],
  publicPlace: { relation: 'departmentId', path: (department) => department, ownPage: false },
  // The staff directory is managed by administrators only.
  access: 'admin',
});
