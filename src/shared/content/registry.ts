/**
 * The content-type registry: every type of the site, declared once (see define.ts).
 * Adding a content type is adding one file under types/ and one line here (plus its public page);
 * CONTRIBUTING.md, "Adding a content type", walks through it.
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
import type { AnyContentType, SortSpec } from './define';
import type { CardImage } from './fields';
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

/**
 * A document `D` as the public `get` answers it (server/content/publicView.ts): without the store's
 * revision and creation time, and with its publication state only in a staff preview.
 */
export type PublicView<D> = Omit<D, 'version' | 'createdAt' | 'status' | 'publishedAt'> &
  Partial<Pick<D, Extract<'status' | 'publishedAt', keyof D>>>;

/** A document of the site's type `K` as the public `get` answers it. */
export type PublicDocument<K extends ContentKey> = PublicView<ContentDocument<K>>;

/** The same for any type declaration (what the routers, generic over a registry, return). */
export type DocumentOf<Type extends AnyContentType> = z.output<Type['schema']> & DocumentMeta;

/** A list item's value: an image reference (a file with `alt`) cut to CardImage, anything else as stored. */
type CardValue<V> = V extends { url: string; alt: string } ? Pick<V, keyof CardImage & keyof V> : V;
type CardFields<T> = { [K in keyof T]: CardValue<T[K]> };

/** The names in an optional list of field names (never when absent). */
type Names<A> = NonNullable<A> extends readonly unknown[] ? NonNullable<A>[number] : never;
/** The field names a type's named sorts order by (the literal part of its `sorts`). */
type SortFields<S> = S extends Record<string, SortSpec> & infer L
  ? { [K in keyof L]: L[K] extends { by: Array<infer F> } ? F : never }[keyof L]
  : never;
/** Fields no list carries: rich text (declared, else `body`) and the fields the server keeps. */
type Hidden<T extends AnyContentType> =
  (T['richTextFields'] extends undefined ? 'body' : Names<T['richTextFields']>) | Names<T['maintainedFields']>;
/** listFieldsOf (define.ts) at the type level: declared fields as they are, the others without Hidden. */
type Listed<T extends AnyContentType, Data> = T['listFields'] extends undefined
  ? Exclude<keyof Data, Hidden<T>>
  : | Names<T['listFields']>
    | Exclude<(Names<T['filters']> | SortFields<T['sorts']> | Names<T['rangeFields']>) & keyof Data, Hidden<T>>;
/** Filter fields a list leaves out when its input fixes their value (scalar filters outside `listFields`). */
type Fixable<T extends AnyContentType, Data> = {
  [F in Exclude<Names<T['filters']>, Names<T['listFields']>> & keyof Data]: Data[F] extends readonly unknown[]
    ? never
    : F;
}[Exclude<Names<T['filters']>, Names<T['listFields']>> & keyof Data];

/**
 * An item of a type's public list (server/content/publicView.ts's publicListView): its `id` and the
 * type's list fields (declared `listFields` plus the fields it filters, sorts and ranges by, else
 * all but rich text; never maintained fields), images cut to CardImage, no `version`, `createdAt`
 * or `updatedAt`. A scalar filter field outside `listFields` is optional: a list filtered to one
 * value of it leaves it out. Not modelled here: an input's explicit `fields` (the answer then
 * carries only those; pages type it with client/app/listFields.ts's `withFields`).
 */
export type PublicListItem<Type extends AnyContentType> = PublicListItemOf<Type, z.output<Type['schema']>>;
/** An item of the public list of the site's type `K`. */
export type PublicListItemFor<K extends ContentKey> = PublicListItem<ContentTypes[K]>;

type PublicListItemOf<T extends AnyContentType, Data> = { id: string } & CardFields<
  Pick<Data, Exclude<Listed<T, Data>, Fixable<T, Data>> & keyof Data>
> &
  Partial<CardFields<Pick<Data, Listed<T, Data> & Fixable<T, Data> & keyof Data>>>;

/**
 * A set of content types with its lookups. The site has one, `registry` (the types above); the server
 * takes it as a parameter where it builds from types (ContentService, and through it the admin
 * service; the tRPC routers, `createAppRouter`; the Firestore index generator), so a test can build
 * all of that from a copy with a type added (tests/integration/registry-extension.test.ts).
 */
export interface ContentRegistry<Types extends Record<string, AnyContentType> = Record<string, AnyContentType>> {
  /** The types by key (what the typed routers map over). */
  readonly types: Types;
  /** Every type, in declaration order. */
  readonly list: readonly AnyContentType[];
  /** The type of a store collection, or undefined for collections outside the registry (`_revisions`, `_audit`…). */
  find(key: string): AnyContentType | undefined;
  /** The type of a key; throws for an unknown key (a programming error, not user input). */
  get(key: string): AnyContentType;
  /** The type of an admin section name (`News`, `DataRepo`...), or undefined. */
  findByAdminSection(section: string): AnyContentType | undefined;
}

/** A registry of `types` (keyed by their own keys). */
export function createRegistry<const Types extends Record<string, AnyContentType>>(
  types: Types,
): ContentRegistry<Types> {
  const byKey = new Map<string, AnyContentType>(Object.entries(types));
  for (const [key, type] of byKey)
    if (type.key !== key) throw new Error(`Content type ${type.key} is registered under another key (${key})`);
  const list = [...byKey.values()];
  return {
    types,
    list,
    find: (key) => byKey.get(key),
    get(key) {
      const type = byKey.get(key);
      if (!type) throw new Error(`Unknown content type: ${key}`);
      return type;
    },
    findByAdminSection: (section) => list.find((t) => t.adminSection === section),
  };
}

/** The site's content types. */
export const registry: ContentRegistry<ContentTypes> = createRegistry(contentTypes);

export const contentTypeList: readonly AnyContentType[] = registry.list;

/** The content type of a store collection, or undefined for collections outside the registry (`_revisions`, `_audit`…). */
export function findContentType(key: string): AnyContentType | undefined {
  return registry.find(key);
}

/** Looks a type up by key; throws for an unknown key (a programming error, not user input). */
export function getContentType(key: string): AnyContentType {
  return registry.get(key);
}

/** Looks a type up by its admin section name (`News`, `DataRepo`...), or undefined. */
export function findByAdminSection(section: string): AnyContentType | undefined {
  return registry.findByAdminSection(section);
}
