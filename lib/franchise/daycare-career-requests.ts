import "server-only";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  daycareCareerRequestReferences as refs,
  daycareCareerRequests as t,
  daycareSearchText,
  users,
} from "@/db/schema";
import { childRows } from "@/lib/platform/child-rows";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { optionalDate, optionalText, phone, requiredText } from "@/lib/platform/schemas";
import {
  applicationCode,
  applicationEmail,
  applicationFlag,
  applicationPinCode,
  approvalFilter,
  CAREER_STATUS_LABELS,
  careerRequest,
  dateText,
  labelOf,
  requestByName,
  yesNo,
} from "./career-requests";

/**
 * The list's labels (spec 002 §9): work type 1 FULL TIME, 2 TEMPORARY, else PART TIME. Decision: the spec gives no
 * daycare gender labels; they read as the franchisee list's (1 MALE, 2 OTHER, else FEMALE), the same app's form.
 */
export const DAYCARE_REQUEST_LIST_LABELS = {
  gender: { labels: { 1: "MALE", 2: "OTHER" }, otherwise: "FEMALE" },
  preferred_work_type: { labels: { 1: "FULL TIME", 2: "TEMPORARY" }, otherwise: "PART TIME" },
} as const;
/** The edit screen's labels: the same codes in title case. */
export const DAYCARE_REQUEST_EDIT_LABELS = {
  gender: { labels: { 1: "Male", 2: "Other" }, otherwise: "Female" },
  preferred_work_type: { labels: { 1: "Full Time", 2: "Temporary" }, otherwise: "Part Time" },
} as const;

/** Decision: an application names at most 5 references. */
export const DAYCARE_REFERENCES_MAX = 5;

const referenceRow = z.object({
  full_name: requiredText("reference's full name", 200),
  relation: optionalText("relation", 100),
  contact: optionalText("contact", 100),
});

/** A daycare worker's application (spec 002 §3 Daycare career request) with its references: name and phone required. */
export const daycareApplicationSchema = z.object({
  full_name: requiredText("full name", 200),
  date_of_birth: optionalDate("date of birth"),
  phone_no: phone("phone"),
  email: applicationEmail,
  address: optionalText("address", 500),
  pin_code: applicationPinCode,
  gender: applicationCode("gender"),
  preferred_work_type: applicationCode("preferred work type"),
  available_on: optionalText("available on", 200),
  preferred_timeslot: optionalText("preferred timeslot", 100),
  open_to_pickup_drop: applicationFlag,
  is_experienced: applicationFlag,
  experience_description: optionalText("experience details", 2000),
  is_experienced_day_care: applicationFlag,
  experienced_day_care_description: optionalText("day care experience", 2000),
  is_commfortable_with_sizes: applicationFlag,
  commfortable_description: optionalText("comfort details", 2000),
  additional_description: optionalText("additional details", 2000),
  has_allergies: applicationFlag,
  allergies_details: optionalText("allergy details", 1000),
  daycare_career_request_references: childRows(referenceRow, {
    label: "references",
    max: DAYCARE_REFERENCES_MAX,
  }).default([]),
});

const referenceAnswer = z.object({
  id: z.number(),
  full_name: z.string(),
  relation: z.string().nullable(),
  contact: z.string().nullable(),
});

const gender = DAYCARE_REQUEST_LIST_LABELS.gender;
const workType = DAYCARE_REQUEST_LIST_LABELS.preferred_work_type;

/** /daycare-career-requests: newest first; a request answers its references (daycare_career_request_references). */
export const daycareCareerRequest = careerRequest({
  name: "daycare_career_requests",
  kind: "daycare",
  noun: "Daycare Career Request",
  plural: "Daycare Career Requests",
  href: "/daycare-career-requests",
  table: t,
  create: daycareApplicationSchema,
  // The spec's texts, word for word (§8).
  messages: {
    deleted: "Request deleted successfully.",
    restored: "DaycareCareerRequest restored successfully.",
  },
  childKeys: ["daycare_career_request_references"],
  async afterCreate({ tx, input, row }) {
    const rows = (input.daycare_career_request_references ?? []) as z.output<typeof referenceRow>[];
    if (rows.length)
      await tx.insert(refs).values(rows.map((r) => ({ ...r, daycare_career_request_id: row.id as number })));
  },
  detail: async (db, row) => ({
    daycare_career_request_references: await db
      .select({ id: refs.id, full_name: refs.full_name, relation: refs.relation, contact: refs.contact })
      .from(refs)
      .where(eq(refs.daycare_career_request_id, row.id))
      .orderBy(asc(refs.id)),
  }),
  detailSchema: { daycare_career_request_references: z.array(referenceAnswer) },
  list: defineList({
    from: t,
    select: {
      id: t.id,
      request_by: t.request_by,
      request_by_name: requestByName,
      full_name: t.full_name,
      date_of_birth: dateText(t.date_of_birth),
      phone_no: t.phone_no,
      email: t.email,
      address: t.address,
      pin_code: t.pin_code,
      gender: t.gender,
      gender_label: labelOf(t.gender, gender.labels, gender.otherwise),
      preferred_work_type: t.preferred_work_type,
      preferred_work_type_label: labelOf(t.preferred_work_type, workType.labels, workType.otherwise),
      available_on: t.available_on,
      preferred_timeslot: t.preferred_timeslot,
      open_to_pickup_drop: yesNo(t.open_to_pickup_drop),
      is_experienced: yesNo(t.is_experienced),
      experience_description: t.experience_description,
      is_experienced_day_care: yesNo(t.is_experienced_day_care),
      experienced_day_care_description: t.experienced_day_care_description,
      is_commfortable_with_sizes: yesNo(t.is_commfortable_with_sizes),
      commfortable_description: t.commfortable_description,
      additional_description: t.additional_description,
      has_allergies: yesNo(t.has_allergies),
      allergies_details: t.allergies_details,
      status: t.status,
      status_label: labelOf(t.status, CAREER_STATUS_LABELS, "PENDING"),
      rejection_reason: t.rejection_reason,
      created_record_id: t.created_record_id,
      is_active: t.is_active,
    },
    joins: [{ table: users, on: eq(users.id, t.request_by) }],
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    searchText: daycareSearchText(t),
    filters: { status: approvalFilter(t.status) },
    export: [
      ...idAndStatusColumns(),
      { header: "Approval Status", field: "status_label" },
      { header: "Request By", field: "request_by_name" },
      { header: "Full Name", field: "full_name" },
      { header: "Date of Birth", field: "date_of_birth" },
      { header: "Phone", field: "phone_no" },
      { header: "Email", field: "email" },
      { header: "Address", field: "address" },
      { header: "Pincode", field: "pin_code" },
      { header: "Gender", field: "gender_label" },
      { header: "Preferred Work Type", field: "preferred_work_type_label" },
      { header: "Available On", field: "available_on" },
      { header: "Preferred Timeslot", field: "preferred_timeslot" },
      { header: "Open To Pickup Drop", field: "open_to_pickup_drop" },
      { header: "Is Experienced", field: "is_experienced" },
      { header: "Experience Details", field: "experience_description" },
      { header: "Experienced In Day Care", field: "is_experienced_day_care" },
      { header: "Day Care Experience", field: "experienced_day_care_description" },
      { header: "Comfortable With Sizes", field: "is_commfortable_with_sizes" },
      { header: "Comfort Details", field: "commfortable_description" },
      { header: "Additional Details", field: "additional_description" },
      { header: "Has Allergies", field: "has_allergies" },
      { header: "Allergy Details", field: "allergies_details" },
      { header: "Rejection Reason", field: "rejection_reason" },
    ],
  }),
});

export const daycareCareerRequestsCrud = daycareCareerRequest.crud;
export const daycareCareerRequestActions = daycareCareerRequest.actions;
