/**
 * Three-way comparison after a stale-version conflict: the version the form was loaded from (base),
 * my form values (mine) and the stored version (theirs), all as form data (field name → value).
 * A field is mine when it differs from the base; only fields both sides changed, differently, need a choice.
 */

/** Who changed a field since the base: me only, the other person only, or both (to different values). */
export type FieldChange = 'mine' | 'theirs' | 'both';

/** Which value to keep for a field both sides changed. */
export type FieldChoice = 'mine' | 'theirs';

/** Deep equality of JSON-like values; `undefined` equals `null` (a cleared optional field). */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  return [...keys].every((k) => sameValue(ra[k], rb[k]));
}

/** The fields changed since `base`, in the order of `mine` then `theirs`, with who changed each. */
export function changedFields(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): { name: string; change: FieldChange }[] {
  const names = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
  return names.flatMap((name): { name: string; change: FieldChange }[] => {
    const byMe = !sameValue(mine[name], base[name]);
    const byThem = !sameValue(theirs[name], base[name]);
    if (byMe && byThem) return sameValue(mine[name], theirs[name]) ? [] : [{ name, change: 'both' }];
    if (byMe) return [{ name, change: 'mine' }];
    if (byThem) return [{ name, change: 'theirs' }];
    return [];
  });
}

/**
 * The stored version with my changes on top: fields only I changed take my value, fields only they
 * changed keep theirs, fields both changed follow `choices` (mine when not chosen).
 */
export function mergeOnTheirs(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  choices: Record<string, FieldChoice> = {},
): Record<string, unknown> {
  const merged = { ...theirs };
  for (const { name, change } of changedFields(base, mine, theirs)) {
    if (change === 'mine' || (change === 'both' && choices[name] !== 'theirs')) merged[name] = mine[name];
  }
  return merged;
}
