/**
 * Fields for scholarly metadata (DataCite, DCAT-AP, signposting): people with ORCID iDs, organisations
 * with ROR ids, funding references and geographic bounding boxes. Identifiers are stored as the
 * bare id («0000-0002-1825-0097», «05xq5s871»); a full https://orcid.org/… or https://ror.org/… URL
 * typed into the admin is cut to the id.
 */
import { z } from 'zod';
import { orcidSchema, requiredText, text } from './fields';

const ROR = /^0[a-z0-9]{6}\d{2}$/;

export { orcidSchema };

/** An optional ROR id (nine characters, e.g. `05xq5s871`), or '' when unknown. */
export const rorSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/^https?:\/\/ror\.org\//i, '').toLowerCase())
  .refine((v) => v === '' || ROR.test(v), 'Ідентифікатор ROR має вигляд 0abcde123 (9 символів)')
  .default('')
  .meta({ label: 'ROR установи', widget: 'text' });

/** A creator of a work: a person («Прізвище, Ім’я») or an organisation, with identifiers when known. */
export const creatorSchema = z.object({
  name: requiredText(200, 'Ім’я або назва'),
  orcid: orcidSchema,
  affiliation: text(300, 'Установа').default(''),
  affiliationRor: rorSchema,
});
export type Creator = z.infer<typeof creatorSchema>;

/** Who funded a work: the funder, its ROR id, the grant number and title. */
export const fundingSchema = z.object({
  funderName: requiredText(300, 'Фінансувальник'),
  funderRor: rorSchema,
  awardNumber: text(100, 'Номер гранту або теми').default(''),
  awardTitle: text(500, 'Назва гранту або теми').default(''),
});
export type Funding = z.infer<typeof fundingSchema>;

/** One side of a bounding box in decimal degrees (WGS 84), or null when not set. */
export function coordinate(label: string, limit: 90 | 180) {
  return z
    .number({ error: `${label}: потрібне число` })
    .min(-limit, `${label}: від −${limit} до ${limit}`)
    .max(limit, `${label}: від −${limit} до ${limit}`)
    .nullable()
    .default(null)
    .meta({ label });
}

/** The ORCID iD as a URL. */
export const orcidUrl = (id: string): string => `https://orcid.org/${id}`;
/** The ROR id as a URL. */
export const rorUrl = (id: string): string => `https://ror.org/${id}`;
