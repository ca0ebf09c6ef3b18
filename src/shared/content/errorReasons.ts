/**
 * The `reason` an API error's data carries beside its code (`error.data.reason`): the server's
 * domain errors emit only these, and the admin compares only these, so a typo fails the build.
 */
export type ErrorReason =
  /** CONFLICT: the document changed since the editor loaded it (`current` holds the stored one). */
  | 'stale-version'
  /** CONFLICT: another document of the type has this slug (`field`, `zodError`). */
  | 'slug-taken'
  /** BAD_REQUEST: a relation points at a document that does not exist (`field`, `zodError`). */
  | 'bad-relation'
  /** FORBIDDEN: the type's `writeCheck` refuses a value for the writer's role (`field`, `zodError`). */
  | 'forbidden-value'
  /** PRECONDITION_FAILED: the type's `updateRule` refuses the change (a published dataset version's files; `field`, `zodError`). */
  | 'update-refused'
  /** CONFLICT: a redirect rule would close a circle with the stored rules (`field` 'to', `zodError`). */
  | 'redirect-loop'
  /** CONFLICT: a redirect rule from an address that shows a page would hide it (`field` 'from', `zodError`). */
  | 'live-address'
  /** BAD_REQUEST: a menu link to a path on the site that shows no page (`field`, `zodError`). */
  | 'no-such-page'
  /** PRECONDITION_FAILED: other documents refer to the one being deleted (`referrers`, `total`). */
  | 'in-use'
  /** BAD_REQUEST: a book order for a publication that cannot be ordered. */
  | 'not-orderable'
  /** TOO_MANY_REQUESTS: too many book orders from one address (`retryAfterSeconds`). */
  | 'rate-limited'
  /** PAYMENT_REQUIRED: the server's disk is full; nothing was written. */
  | 'disk-full';
