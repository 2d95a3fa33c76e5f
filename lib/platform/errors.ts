/** Field name → first message, shown under the field. */
export type FieldErrors = Record<string, string>;

/** An error that answers a client: status, a message safe to show, and field errors for 422. */
export class AppError extends Error {
  constructor(
    public status: 208 | 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 423 | 429,
    message: string,
    public fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

/**
 * HTTP 208 (spec 002 §7, KYC documents): the record was already submitted, nothing was written. The answer carries a
 * title and a sub-title the client shows in a popup (`{ title, sub_title, message }` on /api; the form's popup).
 */
export class AlreadyReported extends AppError {
  constructor(
    public title: string,
    subTitle: string,
  ) {
    super(208, subTitle);
  }
}

/** A batch create's refusal of one row (its index in the batch) with that row's field errors. */
export class RowRefused extends AppError {
  constructor(
    public row: number,
    e: AppError,
  ) {
    super(e.status, e.message, e.fieldErrors);
  }
}
export const rowRefused = (row: number, e: AppError) => new RowRefused(row, e);

export const unauthenticated = () => new AppError(401, "Unauthenticated.");
export const forbidden = () => new AppError(403, "You are not authorized to perform this action.");
export const notFound = () => new AppError(404, "Not found.");
export const invalid = (fieldErrors: FieldErrors, message = "The given data was invalid.") =>
  new AppError(422, message, fieldErrors);

/** zod issues → field name (dotted path) → first message. */
export function zodFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = i.path.map(String).join(".") || "_";
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}
