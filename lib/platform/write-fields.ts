/**
 * The keys a form adds to the values it sends to an entity's server action (entity-actions.ts takes them out before
 * the domain function parses the values): the version of the record the form was opened on, so a stale save is
 * refused (lib/platform/versions.ts), and the form's idempotency key, so a double submit creates one record
 * (lib/platform/idempotency.ts). Plain module: the browser's forms import it too.
 */
export const VERSION_FIELD = "__version";
export const IDEMPOTENCY_FIELD = "__idempotency_key";
