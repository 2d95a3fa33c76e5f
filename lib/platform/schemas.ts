import { z } from "zod";

/** Small zod pieces shared by entity schemas, so every form says the same thing the same way. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** Optional text: blank becomes null. */
export const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
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

const toId = (v: unknown): number | null => {
  if (typeof v === "number") return Number.isInteger(v) && v > 0 ? v : null;
  if (typeof v === "string" && /^\d{1,10}$/.test(v.trim())) return Number(v.trim()) || null;
  return null;
};

/** A required reference to another record, sent as a number or a numeric string (forms send strings). */
export const requiredId = (label: string) =>
  z.unknown().transform((v, c) => {
    const id = toId(v);
    if (id == null) {
      c.addIssue({ code: "custom", message: `The ${label} field is required.` });
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
