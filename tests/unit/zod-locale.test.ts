/** Checks without their own message speak Ukrainian (zod 4's `uk` locale, src/shared/zodLocale.ts). */
import { describe, expect, it } from 'vitest';
import { publications } from '../../src/shared/content/types/publications';
import { news } from '../../src/shared/content/types/news';
import { users } from '../../src/shared/content/types/users';

function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}): Record<string, string> {
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
    const m = messages(
      news.schema.safeParse({ title: 'Новина', slug: 'novyna', date: '2026-01-01T00:00:00Z', tags: 'не масив' }),
    );
    expect(m.tags).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
    expect(m.tags).not.toMatch(/invalid input|expected/i);
  });

  it('a missing staff name is named as the name, not as a title', () => {
    const m = messages(users.schema.safeParse({ title: '', slug: 'kovalenko' }));
    expect(m.title).toContain('Прізвище, ім’я, по батькові');
    expect(m.title).not.toContain('Заголовок');
  });
});
