/** OAI-PMH error conditions (protocol §3.6): thrown by the verbs, written as `<error code>`. */

export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

/** A protocol error: answered with HTTP 200 and `<error code="…">message</error>`. */
export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OaiError';
  }
}
