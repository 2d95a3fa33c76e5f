// An edit form's starting values, derived from its record and the form's empty values (issue 25: the edit pages
// wrote the mapping out field by field). Client-safe: no server imports.

type Values = Record<string, unknown>;

const TIME = /^\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** One stored value as a form field holds it, the field's empty value telling the kind. */
function asField(value: unknown, empty: unknown): unknown {
  if (value === undefined) return empty;
  // A file field (its empty value null) never starts from the stored path: the form sends a new file or none.
  if (empty === null) return null;
  if (typeof empty === "number") return value == null || value === "" ? empty : Number(value);
  if (typeof empty === "boolean") return value == null ? empty : Boolean(value);
  if (Array.isArray(empty)) {
    if (!Array.isArray(value)) return empty;
    // A list of rows (its empty value holds one blank row): each row read through that row's fields.
    const row: unknown = empty[0];
    if (row !== null && typeof row === "object")
      return value.map((v: object) => formValuesOf(row as Values, v));
    return value.map((v) => String(v));
  }
  if (typeof empty === "string") {
    if (value == null) return "";
    // A date column read as a Date: the date input's yyyy-mm-dd.
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    const text = String(value);
    // A time column answers HH:MM:SS; the time input takes HH:MM.
    return TIME.test(text) ? text.slice(0, 5) : text;
  }
  return value;
}

/**
 * The form's values for a record: every field of `empty` (the create form's values, which name the fields and their
 * kinds) read from the record: missing or null → the empty value; a number field (a 1/0 flag, a count) → a number; a
 * text field → text (references as their id's text, a time as HH:MM, a Date as yyyy-mm-dd); a list → texts; a list
 * of rows (its empty value holds one blank row) → each record row read through that row's fields; a file field
 * (empty null) → null. `over` sets the fields whose value is not the record's own; a field it sets to undefined is
 * left out (a create-only field).
 */
export function formValuesOf<V extends Values>(empty: V, record: object, over: Partial<V> = {}): V {
  const rec = record as Values;
  const out = {} as Values;
  for (const k of Object.keys(empty)) {
    if (!Object.hasOwn(over, k)) out[k] = asField(rec[k], empty[k]);
    else if (over[k] !== undefined) out[k] = over[k];
  }
  return out as V;
}
