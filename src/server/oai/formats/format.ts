/** The shape of a metadata format (see registry.ts). */
import type { ScholarlyKind, ScholarlyMetadata } from '../model';

export interface MetadataFormat {
  /** `metadataPrefix` (protocol §3.4). */
  prefix: string;
  /** The XML Schema's URL. */
  schema: string;
  /** The namespace of the record's root element. */
  namespace: string;
  /** The kinds of work the format describes (a record of another kind cannot be disseminated). */
  kinds: readonly ScholarlyKind[];
  /** The record's metadata element (with its namespace declarations). */
  write: (metadata: ScholarlyMetadata) => string;
}
