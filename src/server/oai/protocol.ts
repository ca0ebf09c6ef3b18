/**
 * The arguments of an OAI-PMH request (protocol §3.1, §4): which verb, which arguments it takes,
 * required or exclusive, each at most once; `from`/`until` at one granularity, `from` ≤ `until`.
 * Anything else is `badVerb` or `badArgument`.
 */
import { parseUtcBound, type UtcBound } from './dates';
import { OaiError } from './errors';

export const VERBS = [
  'Identify',
  'ListMetadataFormats',
  'ListSets',
  'GetRecord',
  'ListIdentifiers',
  'ListRecords',
] as const;
export type Verb = (typeof VERBS)[number];

interface VerbArguments {
  required: readonly string[];
  optional: readonly string[];
  /** An argument that, when given, must be the only one (besides the verb). */
  exclusive?: string;
}

const ARGUMENTS: Record<Verb, VerbArguments> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
};

/** A request whose verb and arguments are well-formed. */
export interface OaiRequest {
  verb: Verb;
  /** The arguments as given (each once), for the response's `request` element. */
  args: Record<string, string>;
  from?: UtcBound;
  until?: UtcBound;
}

/** The verb of a request (badVerb when missing, repeated or unknown). */
function verbOf(params: URLSearchParams): Verb {
  const verbs = params.getAll('verb');
  if (verbs.length === 0) throw new OaiError('badVerb', 'The verb argument is missing');
  if (verbs.length > 1) throw new OaiError('badVerb', 'The verb argument is repeated');
  const verb = verbs[0]!;
  if (!(VERBS as readonly string[]).includes(verb)) throw new OaiError('badVerb', `Illegal verb: ${verb}`);
  return verb as Verb;
}

/** Checks a request's arguments (from a query string or a urlencoded body). Throws OaiError. */
export function parseRequest(params: URLSearchParams): OaiRequest {
  const verb = verbOf(params);
  const spec = ARGUMENTS[verb];
  const args: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    if (key === 'verb') continue;
    const values = params.getAll(key);
    if (values.length > 1) throw new OaiError('badArgument', `The argument ${key} is repeated`);
    if (![...spec.required, ...spec.optional, spec.exclusive].includes(key))
      throw new OaiError('badArgument', `${verb} does not take the argument ${key}`);
    args[key] = values[0]!;
  }
  if (spec.exclusive && args[spec.exclusive] !== undefined) {
    if (Object.keys(args).length > 1)
      throw new OaiError(
        'badArgument',
        `${spec.exclusive} is an exclusive argument: nothing else may be given with it`,
      );
    return { verb, args };
  }
  for (const key of spec.required)
    if (!args[key]) throw new OaiError('badArgument', `${verb} requires the argument ${key}`);
  // An identifier is a URI: no spaces, controls or characters URIs never hold.
  if (args.identifier !== undefined && /[\s<>"{}|\\^`]/.test(args.identifier))
    throw new OaiError('badArgument', 'The identifier is not a URI');
  return { verb, args, ...datesOf(args) };
}

/** The `from` and `until` bounds: valid dates, at one granularity, in order. */
function datesOf(args: Record<string, string>): { from?: UtcBound; until?: UtcBound } {
  const parse = (name: 'from' | 'until'): UtcBound | undefined => {
    const value = args[name];
    if (value === undefined) return undefined;
    const bound = parseUtcBound(value);
    if (!bound)
      throw new OaiError('badArgument', `${name} must be a UTC date YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ: ${value}`);
    return bound;
  };
  const from = parse('from');
  const until = parse('until');
  if (from && until) {
    if (from.granularity !== until.granularity)
      throw new OaiError('badArgument', 'from and until must have the same granularity');
    if (from.value > until.value) throw new OaiError('badArgument', 'from is later than until');
  }
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}
