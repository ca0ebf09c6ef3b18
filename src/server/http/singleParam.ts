/**
 * A query parameter an address takes once (`?version=…`): Fastify's query parser gives an array
 * when it is repeated, which the routes refuse with 400 and one Ukrainian message rather than
 * guessing which value was meant.
 */

/** The message of a 400 for `name` given more than once. */
export const repeatedParamMessage = (name: string) => `Параметр ${name} можна вказати лише один раз`;

/** The parameter's one value (undefined when absent), or `repeated` when it came more than once. */
export function singleParam(value: unknown): { value: string | undefined } | 'repeated' {
  if (value === undefined || typeof value === 'string') return { value };
  return 'repeated';
}
