/**
 * Validation messages in Ukrainian: zod 4's built-in `uk` locale becomes the global error map, so a
 * check without its own message (a number's minimum, an array's length, a wrong type) still speaks
 * Ukrainian in the admin forms, the public forms and the API's `fieldErrors`. Imported for its effect
 * by src/shared/content/fields.ts, which every schema imports.
 *
 * The locale names zod's types in English and compares with `>=` («очікується string»), so the
 * commonest issues (a wrong or missing value, too short, too long, too small, too big) get plain
 * Ukrainian words first (`customError`); anything else falls through to the locale.
 */
import { z } from 'zod';
import uk from 'zod/v4/locales/uk.js';

/** What a value should have been, in words, per zod's expected type. */
const EXPECTED: Record<string, string> = {
  string: 'потрібен текст',
  number: 'потрібне число',
  int: 'потрібне ціле число',
  boolean: 'потрібно «так» або «ні»',
  array: 'потрібен список',
  object: 'потрібен набір полів',
  date: 'потрібна дата',
};

/** The genitive after «не більше N»: «21 символу», «3 символів» (singular after 1, 21, … but not 11). */
function genitive(n: number, [singular, pluralForm]: [string, string]): string {
  return n % 10 === 1 && n % 100 !== 11 ? singular : pluralForm;
}

/** The unit counted by a size check of `origin` (string or list), or null for numbers. */
function unitOf(origin: string, n: number): string | null {
  if (origin === 'string') return genitive(n, ['символу', 'символів']);
  if (origin === 'array' || origin === 'set') return genitive(n, ['елемента', 'елементів']);
  return null;
}

type Issue = { code?: string; input?: unknown; expected?: string; origin?: string; inclusive?: boolean } & Record<
  string,
  unknown
>;

/** A size bound in words: «не менше 3 символів», «більше 0». */
function bound(issue: Issue, limit: number, [inclusiveWord, strictWord]: [string, string]): string {
  const unit = unitOf(issue.origin ?? '', limit);
  const words = `${issue.inclusive === false ? strictWord : inclusiveWord} ${limit}`;
  return unit ? `${words} ${unit}` : words;
}

/** The message of a common issue, or undefined to leave it to the `uk` locale. */
export function ukrainianIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Заповніть це поле';
      return EXPECTED[issue.expected ?? ''] ? `Неправильне значення: ${EXPECTED[issue.expected ?? '']}` : undefined;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && min === 1) return 'Заповніть це поле';
      return `Замало: ${bound(issue, min, ['не менше', 'більше'])}`;
    }
    case 'too_big':
      return `Забагато: ${bound(issue, Number(issue.maximum), ['не більше', 'менше'])}`;
    default:
      return undefined;
  }
}

z.config(uk());
z.config({ customError: (issue) => ukrainianIssueMessage(issue) });
