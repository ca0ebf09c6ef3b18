/**
 * The shape of a content-type declaration and the helper that builds one.
 *
 * One declaration per type (as Payload's CollectionConfig): key, Ukrainian labels, zod schema, admin
 * hints, public-list filters and sorts, file fields and relations. The server's store collection and
 * tRPC procedures, the admin screens and the public pages all read these declarations.
 */
import { z } from 'zod';
import { fieldMetaOf } from './fieldMeta';
import { dateTimeSchema, requiredText, slugSchema, legacySlugSchema, statusSchema, text } from './fields';

/**
 * A sort the list accepts by name: top-level fields of the document (or `createdAt`/`updatedAt`),
 * compared in order, all in one direction; the document id breaks ties.
 */
export interface SortSpec {
  by: string[];
  direction: 'asc' | 'desc';
}

export interface ContentTypeConfig<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Store collection name and tRPC router key, e.g. `news`. */
  key: string;
  /** Admin section name in `/edit/admin/config/{section}`, e.g. `News`; absent for types edited inside another. */
  adminSection?: string;
  labels: { singular: string; plural: string };
  /** `collection`: many documents; `singleton`: one settings document whose id is the key. */
  kind: 'collection' | 'singleton';
  /** Whether anonymous visitors may read it (published documents only, when publishable). */
  isPublic: boolean;
  /** Whether documents have `status` (draft/published) and `publishedAt` (scheduled publication). */
  publishable: boolean;
  schema: z.ZodObject<Shape>;
  /** Field shown as the document's title in lists. */
  useAsTitle: keyof Shape & string;
  /** Slug rule: which field holds the slug and which field it is generated from. */
  slug?: { field: keyof Shape & string; from: keyof Shape & string };
  /** Admin list columns. */
  defaultColumns: Array<keyof Shape & string>;
  /**
   * The fields a public list returns (what its cards show; id, version and timestamps always come
   * along, and so do the fields the list filters and sorts by). Default: every field except rich
   * text, so list pages never carry bodies they do not show.
   */
  listFields?: Array<keyof Shape & string>;
  /** Fields matched by the admin search. */
  searchable: Array<keyof Shape & string>;
  /** Fields a public list may filter on by equality. */
  filters: Array<keyof Shape & string>;
  /** Named sorts of the public list; the first is the default. */
  sorts: Record<string, SortSpec>;
  /** Date fields a public list may restrict to a range (e.g. upcoming trainings by `endDate`). */
  rangeFields?: Array<keyof Shape & string>;
  /** Fields holding rich-text HTML (sanitised on write and on read); default: `body` when the schema has it. */
  richTextFields?: Array<keyof Shape & string>;
  /** Fields holding file or image references (one or an array). */
  fileFields: Array<keyof Shape & string>;
  /** Fields that hold the id of a document of another type. */
  relations: Array<{ field: keyof Shape & string; to: string; many?: boolean }>;
  /**
   * Who may manage it in the admin: `staff` (editors and admins, the default) or `admin` only. The
   * admin routers pick their procedure (adminProcedure / adminOnlyProcedure) from it.
   */
  access?: 'staff' | 'admin';
  /**
   * The field that says which language some fields are written in, and those fields (from
   * language.ts's LANGUAGE_FIELDS, which pages read to set `lang`).
   */
  language?: { field: keyof Shape & string; fields: ReadonlyArray<keyof Shape & string> };
  /** Path of a document on the public site, if it has its own page. */
  publicPath?: (doc: { id: string } & Record<string, unknown>) => string;
  /**
   * Further pages of a document (a dataset's version pages), listed in the sitemap after it: `paths`
   * gives them from the document's `fields`, already encoded as their pages' canonical addresses.
   */
  subPages?: {
    fields: Array<keyof Shape & string>;
    paths: (doc: { id: string } & Record<string, unknown>) => string[];
  };
  /**
   * The `publicPath` is a permalink that redirects to the document on its list page (`/Trainings/x`
   * → `/Trainings?page=N#x`), not a page of its own: the sitemap leaves it out.
   */
  permalink?: boolean;
  /**
   * Where a document without its own `publicPath` is shown, for the visitor search (which links
   * there) and the sitemap (which lists it when it is a page of its own): under the page of the
   * document its `relation` field points at (`path` builds the address from the parent's), or on
   * one fixed `page` (which lists them all in the type's first sort, `LIST_PAGE_SIZE` a page, each
   * with its slug as element id). A public type with neither is not on the site (not searched, not
   * listed).
   */
  publicPlace?:
    | {
        relation: keyof Shape & string;
        path: (parentPath: string, doc: { id: string } & Record<string, unknown>) => string;
        ownPage: boolean;
      }
    | { page: string };
  /**
   * Rules that depend on who saves (the schema cannot know): called with the validated data and the
   * writer's role on every admin write; returns Ukrainian messages by field to refuse the write
   * (FORBIDDEN with the messages as field errors), or null.
   */
  writeCheck?(
    data: z.output<z.ZodObject<Shape>>,
    writer: { role: 'admin' | 'editor' },
  ): Partial<Record<keyof Shape & string, string>> | null;
  /**
   * Fields the server keeps (the `updateRule` writes them, e.g. a dataset's frozen versions): the
   * admin form does not show them, and what an admin write sends for them is ignored (the stored
   * value stays on update and restore; the schema's default on create).
   */
  maintainedFields?: Array<keyof Shape & string>;
  /**
   * Checks and completes an admin update, restore, undelete or state change of a stored document: `before` as stored,
   * `after` the valid new data. Returns the data to store, or a refusal (the write fails, nothing is
   * stored) naming the field by its dotted path in the data and saying why in Ukrainian.
   */
  updateRule?(
    before: z.output<z.ZodObject<Shape>>,
    after: z.output<z.ZodObject<Shape>>,
    context: UpdateRuleContext,
  ): UpdateRuleResult<z.output<z.ZodObject<Shape>>>;
}

/** What an `updateRule` knows besides the data: the time of the write and the stored document's creation (ISO instants). */
export interface UpdateRuleContext {
  now: string;
  createdAt: string;
  /**
   * The last instant `before` was the stored document, to judge whether it was live: its deletion
   * for an undelete (`before` is the deleted version); `now` when absent.
   */
  liveAt?: string;
}

/** An `updateRule`'s answer: the data to store, or a refusal of the write. */
export type UpdateRuleResult<T> = { data: T } | { refused: { field: string; message: string } };

/**
 * Keys the API puts beside a document's own fields (`ContentService.toApi`): the id, the store's
 * revision number (`version`, the admin's optimistic-concurrency check) and the timestamps. A field
 * of that name would be overwritten on every read, so declaring one is refused.
 */
export const API_DOCUMENT_KEYS = ['id', 'version', 'createdAt', 'updatedAt'] as const;

/**
 * The parts of a declaration that decide what a public list item carries (registry.ts's
 * PublicListItem), as `defineContentType` keeps them: field names as literal tuples.
 */
export interface ListingDeclaration<
  Shape extends z.ZodRawShape,
  List extends Array<keyof Shape & string> | undefined,
  Filters extends Array<keyof Shape & string>,
  Sorts extends Record<string, SortSpec>,
  Range extends Array<keyof Shape & string> | undefined,
  Rich extends Array<keyof Shape & string> | undefined,
  Maintained extends Array<keyof Shape & string> | undefined,
> {
  listFields?: List;
  filters: Filters;
  sorts: Sorts;
  rangeFields?: Range;
  richTextFields?: Rich;
  maintainedFields?: Maintained;
}

/** A type declaration as `defineContentType` takes and returns it: the config with its literals kept. */
export type DeclaredType<Shape extends z.ZodRawShape, Key, Kind, Public, Listing> = ContentTypeConfig<Shape> & {
  key: Key;
  kind: Kind;
  isPublic: Public;
} & Listing;

/**
 * Declares a content type, keeping its literal key, kind, visibility and schema shape for typed
 * routers, and its list, filter, sort, range, rich-text and maintained field names for the type of
 * a public list item. Throws when the schema declares one of API_DOCUMENT_KEYS.
 */
export function defineContentType<
  const Key extends string,
  Shape extends z.ZodRawShape,
  const Kind extends 'collection' | 'singleton',
  const Public extends boolean,
  const List extends Array<keyof Shape & string> | undefined = undefined,
  const Filters extends Array<keyof Shape & string> = [],
  const Sorts extends Record<string, SortSpec> = Record<string, never>,
  const Range extends Array<keyof Shape & string> | undefined = undefined,
  const Rich extends Array<keyof Shape & string> | undefined = undefined,
  const Maintained extends Array<keyof Shape & string> | undefined = undefined,
>(
  config: DeclaredType<
    Shape,
    Key,
    Kind,
    Public,
    ListingDeclaration<Shape, List, Filters, Sorts, Range, Rich, Maintained>
  >,
): DeclaredType<Shape, Key, Kind, Public, ListingDeclaration<Shape, List, Filters, Sorts, Range, Rich, Maintained>> {
  const clash = API_DOCUMENT_KEYS.find((k) => k in config.schema.shape);
  if (clash)
    throw new Error(
      `Content type ${config.key}: the field name "${clash}" is reserved for the API's document metadata`,
    );
  return config;
}

/** Fields every publishable, page-like document has: title, slug, state, scheduled time, summary. */
export const publishableFields = {
  title: requiredText(300, 'Заголовок'),
  slug: slugSchema,
  status: statusSchema.default('draft'),
  /** When the document becomes visible; null means "as soon as it is published". */
  publishedAt: dateTimeSchema.nullable().default(null).meta({ label: 'Опублікувати в' }),
  summary: text(1000, 'Короткий опис').default(''),
};

/** The same with the looser slug used by fixed legacy addresses. */
export const legacyPublishableFields = { ...publishableFields, slug: legacySlugSchema };

export type AnyContentType = ContentTypeConfig<z.ZodRawShape> & { key: string };

/** The rich-text fields of a type (declared, or `body` when its schema has one). */
export function richTextFieldsOf(type: AnyContentType): string[] {
  return type.richTextFields ?? ('body' in type.schema.shape ? ['body'] : []);
}

/**
 * The data fields a public list of the type returns (declared `listFields`, or all but rich text),
 * never the fields the server keeps for its own rules (`maintainedFields`).
 */
export function listFieldsOf(type: AnyContentType): string[] {
  const rich = new Set([...richTextFieldsOf(type), ...(type.maintainedFields ?? [])]);
  if (!type.listFields) return Object.keys(type.schema.shape).filter((f) => !rich.has(f));
  // The fields a list can be filtered and sorted by come along, so a reader sees why it is in order.
  const scalar = [...type.filters, ...Object.values(type.sorts).flatMap((s) => s.by), ...(type.rangeFields ?? [])];
  return [...new Set([...type.listFields, ...scalar.filter((f) => f in type.schema.shape && !rich.has(f))])];
}

/** The data fields an admin list returns: its columns, the title, slug, order and state (never bodies). */
export function adminListFieldsOf(type: AnyContentType): string[] {
  const fields = [
    type.useAsTitle,
    ...type.defaultColumns,
    ...(type.slug ? [type.slug.field] : []),
    'order',
    ...(type.publishable ? ['status', 'publishedAt'] : []),
  ];
  return [...new Set(fields)].filter((f) => f in type.schema.shape);
}

/** The Ukrainian label a field of the type declares (`.meta({ label })`), or the field's name. */
export function fieldLabelOf(type: AnyContentType, field: string): string {
  const schema = type.schema.shape[field];
  return (schema && fieldMetaOf(schema).label) ?? field;
}

/** The fields the server keeps for a type (`maintainedFields`; none unless declared). */
export function maintainedFieldsOf(type: AnyContentType): string[] {
  return type.maintainedFields ?? [];
}

/** Who may manage a type in the admin (`staff` unless declared). */
export function adminAccessOf(type: AnyContentType): 'staff' | 'admin' {
  return type.access ?? 'staff';
}

/** Whether a field holds an array (looking through `.default()`, `.optional()`, `.nullable()`). */
export function isArrayField(type: AnyContentType, field: string): boolean {
  let def = (type.schema.shape[field] as { _zod?: { def: { type: string; innerType?: unknown } } } | undefined)?._zod
    ?.def;
  while (def && (def.type === 'default' || def.type === 'optional' || def.type === 'nullable')) {
    def = (def.innerType as { _zod?: { def: { type: string; innerType?: unknown } } } | undefined)?._zod?.def;
  }
  return def?.type === 'array';
}
