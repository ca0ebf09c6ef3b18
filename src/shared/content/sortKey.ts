/**
 * The Ukrainian collation as a sort key, shared by both document stores, each storing it on write:
 * SQLite in the `sort_keys` JSON column (the registry's sortable fields, indexed; other fields sort
 * through the SQL function `uk_sort_key` at query time), Firestore in `_sort.{field}`, so both put
 * documents in the same order with a plain binary (UTF-8 byte) comparison.
 */

/** The letters of the Ukrainian alphabet in their order (ДСТУ 3582: а б в г ґ д е є ж з и і ї й …). */
export const UKRAINIAN_ALPHABET = 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя';
const UKRAINIAN_RANK = new Map([...UKRAINIAN_ALPHABET].map((letter, i) => [letter, String.fromCharCode(0xe000 + i)]));

/**
 * Sort key of a value: strings are lower-cased, their apostrophes dropped (they do not count in
 * Ukrainian alphabetical order) and each Ukrainian letter replaced by a private-use character
 * (U+E000…) in alphabet order, so that a binary comparison puts «Ґ» after «Г», «Є» after «Е»,
 * «І», «Ї» after «И» (in code-point order they follow «я»). Other characters keep their code points
 * (Latin before Cyrillic). Numbers, booleans and null pass unchanged.
 */
export function ukSortKey(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let key = '';
  for (const ch of value.toLocaleLowerCase('uk').replace(/['ʼ’]/g, '')) key += UKRAINIAN_RANK.get(ch) ?? ch;
  return key;
}
