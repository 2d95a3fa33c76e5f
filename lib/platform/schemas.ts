import { z } from "zod";

// PostgreSQL refuses U+0000 in text: a value carrying it is refused here with a field message, not by the database.
const noNullChar = (v: string) => !v.includes("\u0000");
const nullCharMessage = (label: string) => `The ${label} may not contain a null character.`;

/** Small zod pieces shared by entity schemas, so every form says the same thing the same way. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .refine(noNullChar, nullCharMessage(label))
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** Optional text: blank becomes null. */
export const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .refine(noNullChar, nullCharMessage(label))
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = (label = "email") =>
  requiredText(label, 200).pipe(z.email(`The ${label} must be a valid email address.`));

export const phone = (label = "phone") =>
  requiredText(label, 20).regex(/^\+?[0-9][0-9 -]{5,18}$/, `The ${label} must be a valid phone number.`);

export const optionalPhone = (label: string) =>
  optionalText(label, 20).refine(
    (v) => v == null || /^\+?[0-9][0-9 -]{5,18}$/.test(v),
    `The ${label} must be a valid phone number.`,
  );

/** The calendar date (YYYY-MM-DD) a text starts with, when it is one that exists (2026-02-30 is not). */
function calendarDay(v: string): string | null {
  const d = v.slice(0, 10);
  // YYYY-MM-DD, or a longer ISO text starting with one (an old client posting a loaded record back).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || !(v.length === 10 || /^[T ]/.test(v.slice(10)))) return null;
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d ? d : null;
}

/** A required calendar date as a date picker sends it (YYYY-MM-DD); answered as YYYY-MM-DD. */
export const requiredDate = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .transform((v, c) => {
      const d = calendarDay(v);
      if (d) return d;
      c.addIssue({ code: "custom", message: `The ${label} is not a valid date.` });
      return z.NEVER;
    });

/** An optional calendar date: blank or missing becomes null. */
export const optionalDate = (label: string) =>
  z.preprocess((v) => (v === "" ? null : v), requiredDate(label).nullish()).transform((v) => v ?? null);

/** 1/0 flags as the spec sends them; also accepts booleans and "1"/"0"/"on" from forms. */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(["0", "1", "true", "false", "on"])])
  .transform((v) => (v === 1 || v === true || v === "1" || v === "true" || v === "on" ? 1 : 0));

/** #RGB, #RRGGBB or #RRGGBBAA. */
export const colorCode = (label: string, fallback: string) =>
  z
    .string()
    .trim()
    .regex(
      /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
      `The ${label} must be a colour like #1C462BFF.`,
    )
    .nullish()
    .or(z.literal(""))
    .transform((v) => (v ? v : fallback));

/** The largest row id: ids are PostgreSQL `integer` columns, so anything beyond cannot name a row (and overflows a query). */
export const MAX_ID = 2_147_483_647;

/** Whether a value is a usable row id: a positive integer within the 32-bit range. */
export const isId = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v > 0 && v <= MAX_ID;

/** A record id sent as a number or numeric string; use it instead of `z.coerce.number().int().positive()`, which lets ids past MAX_ID through. */
export const idSchema = z.coerce
  .number({ error: "The id field is required." })
  .int("The id field is required.")
  .positive("The id field is required.")
  .max(MAX_ID, "The selected id is invalid.");

const toId = (v: unknown): number | null => {
  if (typeof v === "string" && /^\d{1,10}$/.test(v.trim())) v = Number(v.trim());
  return isId(v) ? v : null;
};

/** A positive whole number (or its digits) too large to be an id: "invalid" rather than "required". */
const outOfRange = (v: unknown) =>
  (typeof v === "number" && Number.isInteger(v) && v > MAX_ID) ||
  (typeof v === "string" && /^\d+$/.test(v.trim()) && Number(v.trim()) > MAX_ID);

/** A required reference to another record, sent as a number or a numeric string (forms send strings). */
export const requiredId = (label: string) =>
  z.unknown().transform((v, c) => {
    const id = toId(v);
    if (id == null) {
      const message = outOfRange(v) ? `The selected ${label} is invalid.` : `The ${label} field is required.`;
      c.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** An optional reference: blank or missing becomes null; anything else must be an id. */
export const optionalId = (label: string) =>
  // .optional() first: zod 4 otherwise refuses a missing key ("expected nonoptional") before the transform runs.
  z
    .unknown()
    .optional()
    .transform((v, c) => {
      if (v == null || v === "" || v === 0 || v === "0") return null;
      const id = toId(v);
      if (id == null) {
        c.addIssue({ code: "custom", message: `The selected ${label} is invalid.` });
        return z.NEVER;
      }
      return id;
    });

/** Blank (or missing) → null, before a nullable field's own parse: forms send strings. */
export const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** A code of a fixed set (an approval state 0/1/2), as a number or its digits: anything else "is invalid". */
export const codeOf = (label: string, codes: readonly number[]) =>
  z.coerce
    .number({ error: `The selected ${label} is invalid.` })
    .int(`The selected ${label} is invalid.`)
    .refine((n) => codes.includes(n), `The selected ${label} is invalid.`);

/** A time of day, HH:MM (or HH:MM:SS); blank → null. Stored as HH:MM:00. */
export const timeOfDay = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `The ${label} must be a time like 07:30.` })
      .trim()
      .regex(/^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/, `The ${label} must be a time like 07:30.`)
      .transform((v) => `${v.slice(0, 5)}:00`)
      .nullable(),
  );

/** A whole number from `min` to `max` (a number or its digits); blank → null. */
export const wholeNumber = (label: string, min: number, max: number) => {
  const message = `The ${label} must be a whole number from ${min} to ${max}.`;
  return z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );
};

/** Ids of records (an array, or a comma list as a query string sends it), between `min` and `max` of them. */
export const idList = (label: string, min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v == null ? [] : v),
    z.array(requiredId(label), { error: message }).min(min, message).max(max, message),
  );
