import { z } from "zod";
import {
  email,
  flag,
  optionalId,
  optionalPhone,
  optionalText,
  phone,
  requiredId,
  requiredText,
} from "@/lib/platform/schemas";

/**
 * The user form (spec 000 §2.9, §5), used unchanged by the portal form, the server action, /api and each row of
 * the bulk upload. Phone is optional on create and required on edit; franchisee is required for staff creation
 * unless the franchisee is already given (the staff screens pass it), which the domain function checks.
 */
const fields = {
  first_name: requiredText("first name", 100),
  middle_name: optionalText("middle name", 100),
  last_name: requiredText("last name", 100),
  email: email(),
  phone: optionalPhone("phone"),
  position_id: requiredId("position"),
  franchisee_id: optionalId("franchisee"),
  upline_user_id: optionalId("upline user"),
  employee_code: optionalText("employee code", 50),
  is_active: flag.optional(),
};

export const userCreateSchema = z.object({
  ...fields,
  /** The approved walker, trainer or daycare application the user is created from (`<kind>:<id>`), if any. */
  career_request: optionalText("career request", 100),
});
/** The same form on edit (the id travels beside it): the spec's required fields stay required; an optional key left out keeps its value. */
export const userUpdateSchema = z.object({ ...fields, phone: phone() });

/** A user's columns on create (the career request is a link, no column). */
export type UserCreateInput = Omit<z.output<typeof userCreateSchema>, "career_request">;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/** KYC status values (spec 000 §4, §9). */
export const KYC_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
