/**
 * Public lists read with an explicit `fields` input. Such an answer carries each item's id and those
 * fields only (server/content/publicView.ts), while the list's own type (PublicListItem) says the
 * type's list fields: `fieldList` keeps the names as literals for the input, and `withFields` types
 * the answer's items as carrying only them, so a page that reads a field it did not ask for fails
 * to compile rather than silently showing nothing.
 */

/** The names for a list input's `fields`, kept as a literal tuple (e.g. `['title', 'slug']`). */
export function fieldList<const F extends string[]>(...fields: F): F {
  return fields;
}

/**
 * The same list answer `page`, its items typed as carrying their id and `fields` only (the names
 * its input asked for; each must be a field of the items). No copy: the answer is returned as it is.
 */
export function withFields<Item extends { id: string }, F extends keyof Item & string, P extends { items: Item[] }>(
  page: P & { items: Item[] },
  fields: readonly F[],
): Omit<P, 'items'> & { items: Array<Pick<Item, 'id' | F>> } {
  void fields;
  return page;
}
