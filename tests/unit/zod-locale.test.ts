/** Checks without their own message speak Ukrainian (zod 4's `uk` locale, src/shared/zodLocale.ts). */
import { describe, expect, it } from 'vitest';
import { publications } from '../../src/shared/content/types/publications';
import { news } from '../../src/shared/content/types/news';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('validation messages', () => {
  it('a year below the minimum is refused in Ukrainian, naming the bound', () => {
    const m = messages(publications.schema.safeParse({ title: 'Атлас', slug: 'atlas', year: 1700 }));
    expect(m.year).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
    expect(m.year).toContain('1800');
    expect(m.year).not.toMatch(/too small|expected/i);
  });

  it('a value of the wrong type is refused in Ukrainian', () => {
    const m = messages(news.schema.safeParse({ title: 'Новина', slug: 'novyna', date: '2026-01-01T00:00:00Z', tags: 'не масив' }));
    expect(m.tags).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
    expect(m.tags).not.toMatch(/invalid input|expected/i);
  });
});
