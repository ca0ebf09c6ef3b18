/**
 * The content-type registry: every type of the site, declared once (see define.ts).
 * Adding a content type is adding one file under types/ and one line here (plus its public page).
 */
import { activities } from './types/activities';
import { bookOrders } from './types/bookOrders';
import { conferences } from './types/conferences';
import { contacts } from './types/contacts';
import { dataRepo } from './types/dataRepo';
import { departments } from './types/departments';
import { developments } from './types/developments';
import { docs } from './types/docs';
import { footer } from './types/footer';
import { header } from './types/header';
import { journal } from './types/journal';
import { news } from './types/news';
import { pages } from './types/pages';
import { publications } from './types/publications';
import { redirects } from './types/redirects';
import { theses } from './types/theses';
import { trainings } from './types/trainings';
import { users } from './types/users';
import type { AnyContentType } from './define';
import type { z } from 'zod';

export const contentTypes = {
  news,
  docs,
  trainings,
  conferences,
  theses,
  journal,
  activities,
  developments,
  publications,
  departments,
  users,
  contacts,
  bookOrders,
  dataRepo,
  pages,
  redirects,
  header,
  footer,
} as const;

export type ContentTypes = typeof contentTypes;
export type ContentKey = keyof ContentTypes;

/** The stored data of a type (after defaults are applied). */
export type ContentData<K extends ContentKey> = z.output<ContentTypes[K]['schema']>;
/** The data accepted on input (defaults may be omitted). */
export type ContentInput<K extends ContentKey> = z.input<ContentTypes[K]['schema']>;

/**
 * Metadata every stored document carries beside its data. A type alias, not an interface, so a
 * document stays assignable to `Record<string, unknown>` (the generic admin screens' view of it).
 */
export type DocumentMeta = {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** A document as the API returns it: its data with its metadata alongside. */
export type ContentDocument<K extends ContentKey> = ContentData<K> & DocumentMeta;

export const contentTypeList: AnyContentType[] = Object.values(contentTypes);

/** Looks a type up by key; throws for an unknown key (a programming error, not user input). */
/** The content type of a store collection, or undefined for collections outside the registry (`_revisions`, `_audit`…). */
export function findContentType(key: string): AnyContentType | undefined {
  return Object.prototype.hasOwnProperty.call(contentTypes, key)
    ? (contentTypes as Record<string, AnyContentType>)[key]
    : undefined;
}

export function getContentType(key: string): AnyContentType {
  const type = (contentTypes as Record<string, AnyContentType>)[key];
  if (!type) throw new Error(`Unknown content type: ${key}`);
  return type;
}

/** Looks a type up by its admin section name (`News`, `DataRepo`...), or undefined. */
export function findByAdminSection(section: string): AnyContentType | undefined {
  return contentTypeList.find((t) => t.adminSection === section);
}
