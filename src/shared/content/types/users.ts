/** The staff directory (people shown on the site; not sign-in accounts, which are AuthUsers). */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { emailSchema, idRefSchema, imageRefSchema, text } from '../fields';

export const users = defineContentType({
  key: 'users',
  adminSection: 'Users',
  labels: { singular: 'Співробітник', plural: 'Співробітники' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    /** Full name, e.g. «Коваленко Олена Петрівна» (the title field holds it). */
    position: text(300, 'Посада').default(''),
    academicDegree: text(200, 'Науковий ступінь').default(''),
    academicTitle: text(200, 'Вчене звання').default(''),
    departmentId: idRefSchema.nullable().default(null),
    order: z.number().int().min(0).max(10_000).default(0),
    email: emailSchema.or(z.literal('')).default(''),
    phone: text(60, 'Телефон').default(''),
    orcid: z
      .string()
      .trim()
      .regex(/^(\d{4}-){3}\d{3}[\dX]$/, 'ORCID має вигляд 0000-0000-0000-0000')
      .or(z.literal(''))
      .default(''),
    photo: imageRefSchema.nullable().default(null),
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
