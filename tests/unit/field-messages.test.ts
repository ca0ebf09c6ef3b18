/**
 * QA pass 2, A1: number fields and the redirect's path speak Ukrainian and name the field, as text
 * fields do («<label>: заповніть це поле»), through the shared helpers of src/shared/content/fields.ts
 * that every content type uses; the server parses with the same schemas, so API errors read the same.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integer, RICH_TEXT_MAX, richTextSchema, year } from '../../src/shared/content/fields';
import { contentTypes } from '../../src/shared/content/registry';
import { developments } from '../../src/shared/content/types/developments';
import { journal } from '../../src/shared/content/types/journal';
import { publications } from '../../src/shared/content/types/publications';
import { redirects } from '../../src/shared/content/types/redirects';
import { theses } from '../../src/shared/content/types/theses';

type Parsed = { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };

/** The first message per field path. */
function messages(result: Parsed): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

const TITLED = { title: 'Документ', slug: 'dokument' };

describe('integer and year helpers', () => {
  it('say «заповніть це поле» for an empty (null or missing) value', () => {
    expect(messages(year('Рік', 1900, 2100).safeParse(null))['']).toBe('Рік: заповніть це поле');
    expect(messages(integer('Том', 1, 10).safeParse(undefined))['']).toBe('Том: заповніть це поле');
  });

  it('name the bound in words: years «не раніше» / «не пізніше», amounts «не менше» / «не більше»', () => {
    expect(messages(year('Рік', 1900, 2100).safeParse(1899))['']).toBe('Рік: не раніше 1900');
    expect(messages(year('Рік', 1900, 2100).safeParse(2101))['']).toBe('Рік: не пізніше 2100');
    expect(messages(integer('Том', 1, 10).safeParse(0))['']).toBe('Том: не менше 1');
    expect(messages(integer('Том', 1, 10).safeParse(11))['']).toBe('Том: не більше 10');
  });

  it('refuse a fraction or a text as «потрібне ціле число»', () => {
    expect(messages(integer('Том', 1, 10).safeParse(1.5))['']).toBe('Том: потрібне ціле число');
    expect(messages(integer('Том', 1, 10).safeParse('2'))['']).toBe('Том: потрібне ціле число');
  });
});

describe('content types use them', () => {
  it('a journal issue with nothing filled asks for year, volume and number by name', () => {
    const m = messages(journal.schema.safeParse({ ...TITLED, year: null, volume: null, number: null }));
    expect(m.year).toBe('Рік: заповніть це поле');
    expect(m.volume).toBe('Том: заповніть це поле');
    expect(m.number).toBe('Номер випуску: заповніть це поле');
  });

  it('out-of-range years and numbers say so in Ukrainian', () => {
    expect(messages(journal.schema.safeParse({ ...TITLED, year: 1800, volume: 0, number: 1 }))).toMatchObject({
      year: 'Рік: не раніше 1900',
      volume: 'Том: не менше 1',
    });
    expect(messages(publications.schema.safeParse({ ...TITLED, year: 1700 })).year).toBe('Рік: не раніше 1800');
    expect(messages(developments.schema.safeParse({ ...TITLED, year: null })).year).toBe('Рік: заповніть це поле');
    expect(
      messages(theses.schema.safeParse({ ...TITLED, conferenceId: 'c', authors: [{ name: 'А' }], order: -1 })),
    ).toMatchObject({ order: 'Порядок: не менше 0' });
  });

  it('an empty redirect source asks for «Звідки (шлях)» once, not for a path format', () => {
    const result = redirects.schema.safeParse({ from: '' });
    expect(result.error?.issues.filter((i) => i.path[0] === 'from').map((i) => i.message)).toEqual([
      'Звідки (шлях): заповніть це поле',
    ]);
    expect(messages(redirects.schema.safeParse({ from: '/a', to: '  ' })).to).toBe(
      'Вкажіть шлях на сайті (/…) або адресу іншого сайту (https://…)',
    );
  });

  it('no content type answers an empty document with zod’s type names or comparison signs', () => {
    for (const type of Object.values(contentTypes)) {
      const result = type.schema.safeParse(
        Object.fromEntries(Object.keys(type.schema.shape).map((k) => [k, null])),
      ) as Parsed;
      for (const issue of result.error?.issues ?? []) {
        expect(issue.message, `${type.key}.${issue.path.join('.')}`).not.toMatch(
          /\b(number|string|array|object|boolean)\b|[<>]=?/,
        );
      }
    }
  });
});

describe('checks without their own message (src/shared/zodLocale.ts)', () => {
  it('use Ukrainian words and plurals, not zod’s type names or `>=`', () => {
    expect(messages(z.string().safeParse(null))['']).toBe('Заповніть це поле');
    expect(messages(z.string().safeParse(5))['']).toBe('Неправильне значення: потрібен текст');
    expect(messages(z.string().max(2).safeParse('abc'))['']).toBe('Забагато: не більше 2 символів');
    expect(messages(z.string().max(21).safeParse('x'.repeat(22)))['']).toBe('Забагато: не більше 21 символу');
    expect(messages(z.array(z.string()).min(3).safeParse([]))['']).toBe('Замало: не менше 3 елементів');
    expect(messages(z.number().positive().safeParse(0))['']).toBe('Замало: більше 0');
  });
});

describe('rich text', () => {
  it('says how long it may be and how long it is, as the editor can act on it', () => {
    const message = messages(richTextSchema.safeParse('я'.repeat(RICH_TEXT_MAX + 20_000)))[''];
    expect(message?.replace(/\s/g, ' ')).toBe('Не більше 500 000 символів разом із розміткою (зараз 520 000)');
    expect(richTextSchema.safeParse('я'.repeat(RICH_TEXT_MAX)).success).toBe(true);
  });
});
