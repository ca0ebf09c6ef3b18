/** Personal and organisational names as CSL-JSON names (shared by citation files, DataCite and Crossref). */

/** A CSL-JSON name: a person split into family and given names, or one literal (an organisation). */
export type CslName = { family: string; given?: string } | { literal: string };

/** «Дячук О. С.» → family «Дячук», given «О. С.»; «Дячук, Олена» likewise; anything else as one literal. */
export function cslName(name: string): CslName {
  const clean = name.replace(/\s+/g, ' ').trim();
  const comma = /^([^,]+),\s*(.+)$/.exec(clean);
  if (comma) return { family: comma[1]!, given: comma[2]! };
  const initials = /^(\S+) ((?:\p{Lu}\.\s?)+)$/u.exec(clean);
  if (initials) return { family: initials[1]!, given: initials[2]!.trim() };
  return { literal: clean };
}
