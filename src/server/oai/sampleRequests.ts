/**
 * Requests that together make every store read the OAI-PMH repository sends: the Firestore index
 * generator (store/registryIndexes.ts) answers them over a store that records query shapes.
 */
import { RECORD_SOURCES } from './sources';

/** No range, each bound, both. */
const RANGES: ReadonlyArray<Record<string, string>> = [
  {},
  { from: '2025-01-01' },
  { until: '2025-12-31' },
  { from: '2025-01-01', until: '2025-12-31' },
];

export const OAI_SAMPLE_REQUESTS: ReadonlyArray<Record<string, string>> = [
  { verb: 'Identify' },
  { verb: 'ListSets' },
  { verb: 'GetRecord', metadataPrefix: 'oai_dc', identifier: 'oai:example.org:theses/x' },
  { verb: 'GetRecord', metadataPrefix: 'oai_dc', identifier: 'oai:example.org:journal/x/1' },
  ...[undefined, ...RECORD_SOURCES.flatMap((s) => [s.set, ...(s.subsets ? [`${s.set}:x`] : [])])].flatMap((set) =>
    RANGES.map((range) => ({ verb: 'ListRecords', metadataPrefix: 'oai_dc', ...(set ? { set } : {}), ...range })),
  ),
];
