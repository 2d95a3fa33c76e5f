import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { franchiseeCareerRequests as t, franchiseeCareerSearchText, users, valueLists } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import type { Tx } from "@/lib/platform/db";
import { networkScope } from "@/lib/platform/entity";
import type { FieldErrors } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns, referenceFilter } from "@/lib/platform/list";
import { optionalId, optionalText, phone, requiredText } from "@/lib/platform/schemas";
import {
  applicationAge,
  applicationCode,
  applicationEmail,
  applicationFlag,
  applicationPinCode,
  approvalFilter,
  CAREER_STATUS_LABELS,
  careerRequest,
  careerUpdateFields,
  labelOf,
  requestByName,
  yesNo,
} from "./career-requests";
import { checkMasterRow, masterRows, ZONES_VALUE } from "./master-rows";

/** The list's labels (spec 002 §9): gender 1 MALE, 2 OTHER, else FEMALE; applying as 1 PARTNERSHIP, 2 COMPANY, else INDIVIDUAL. */
export const FRANCHISEE_REQUEST_LIST_LABELS = {
  gender: { labels: { 1: "MALE", 2: "OTHER" }, otherwise: "FEMALE" },
  applying_as: { labels: { 1: "PARTNERSHIP", 2: "COMPANY" }, otherwise: "INDIVIDUAL" },
  // Decision: the spec gives the franchisee work type's labels for the edit screen only; the list reads them in capitals.
  preferred_work_type: { labels: { 0: "FULL TIME", 1: "PART TIME", 2: "FREELANCE" }, otherwise: "" },
} as const;

/** The edit screen's labels: work type 0 Full Time, 1 Part Time, 2 Freelance (spec 002 §9); the others in title case. */
export const FRANCHISEE_REQUEST_EDIT_LABELS = {
  gender: { labels: { 1: "Male", 2: "Other" }, otherwise: "Female" },
  applying_as: { labels: { 1: "Partnership", 2: "Company" }, otherwise: "Individual" },
  preferred_work_type: { labels: { 0: "Full Time", 1: "Part Time", 2: "Freelance" }, otherwise: "" },
} as const;

export const FRANCHISEE_REQUEST_MESSAGES = {
  zone: "The selected zone is invalid.",
  zoneByMaster: "A master franchisee cannot change a request's zone.",
} as const;

/** A franchisee's application (spec 002 §3 Franchisee career request): name and phone required; the zone optional. */
export const franchiseeApplicationSchema = z.object({
  full_name: requiredText("full name", 200),
  age: applicationAge,
  phone_no: phone("phone"),
  email: applicationEmail,
  address: optionalText("address", 500),
  city: optionalText("city", 100),
  pin_code: applicationPinCode,
  gender: applicationCode("gender"),
  zone_id: optionalId("zone"),
  applying_as: applicationCode("applying as"),
  currently_operate_business: applicationFlag,
  business_description: optionalText("business description", 2000),
  has_franchisee_business: applicationFlag,
  franchisee_description: optionalText("franchisee description", 2000),
  is_experienced_pet_industry: applicationFlag,
  proposed_franchisee_location: optionalText("proposed franchisee location", 500),
  preferred_work_type: applicationCode("preferred work type"),
  support_interest: optionalText("support interest", 1000),
  heard_from: optionalText("heard from", 200),
});

/** The review (status, is_active, reason) or the list's inline zone change ({zone_id}, spec 002 §7). */
export const franchiseeRequestUpdateSchema = z.object({
  ...careerUpdateFields,
  zone_id: optionalId("zone").optional(),
});

async function checkZone(tx: Tx, ctx: Ctx, zoneId: unknown, errors: FieldErrors) {
  if (zoneId == null) return;
  if (!(await checkMasterRow(tx, ctx, ZONES_VALUE, zoneId as number)))
    errors.zone_id ??= FRANCHISEE_REQUEST_MESSAGES.zone;
}

const gender = FRANCHISEE_REQUEST_LIST_LABELS.gender;
const applyingAs = FRANCHISEE_REQUEST_LIST_LABELS.applying_as;
const workType = FRANCHISEE_REQUEST_LIST_LABELS.preferred_work_type;

/**
 * /franchisee-career-requests: newest first; the zone filter (zone_id). A MASTER FRANCHISEE sees only their zones'
 * requests (networkScope: another zone's answers 404 everywhere) and may not move one to another zone.
 */
export const franchiseeCareerRequest = careerRequest({
  name: "franchisee_career_requests",
  kind: "franchisee",
  noun: "Franchisee Career Request",
  plural: "Franchisee Career Requests",
  href: "/franchisee-career-requests",
  table: t,
  scope: networkScope(t, { zone: t.zone_id }),
  create: franchiseeApplicationSchema,
  update: franchiseeRequestUpdateSchema,
  messages: {
    deleted: "FranchiseeCareerRequest deleted successfully.",
    restored: "FranchiseeCareerRequest restored successfully.",
  },
  async checkCreate({ ctx, tx, input, errors }) {
    await checkZone(tx, ctx, input.zone_id, errors);
  },
  async checkUpdate({ ctx, tx, before, patch, errors }) {
    if (patch.zone_id === undefined || patch.zone_id === before.zone_id) return;
    if (ctx.zoneIds != null) errors.zone_id = FRANCHISEE_REQUEST_MESSAGES.zoneByMaster;
    else await checkZone(tx, ctx, patch.zone_id, errors);
  },
  list: defineList({
    from: t,
    select: {
      id: t.id,
      request_by: t.request_by,
      request_by_name: requestByName,
      full_name: t.full_name,
      age: t.age,
      phone_no: t.phone_no,
      email: t.email,
      address: t.address,
      city: t.city,
      pin_code: t.pin_code,
      gender: t.gender,
      gender_label: labelOf(t.gender, gender.labels, gender.otherwise),
      zone_id: t.zone_id,
      zone: valueLists.description,
      applying_as: t.applying_as,
      applying_as_label: labelOf(t.applying_as, applyingAs.labels, applyingAs.otherwise),
      currently_operate_business: yesNo(t.currently_operate_business),
      business_description: t.business_description,
      has_franchisee_business: yesNo(t.has_franchisee_business),
      franchisee_description: t.franchisee_description,
      is_experienced_pet_industry: yesNo(t.is_experienced_pet_industry),
      proposed_franchisee_location: t.proposed_franchisee_location,
      preferred_work_type: t.preferred_work_type,
      preferred_work_type_label: labelOf(t.preferred_work_type, workType.labels, workType.otherwise),
      support_interest: t.support_interest,
      heard_from: t.heard_from,
      status: t.status,
      status_label: labelOf(t.status, CAREER_STATUS_LABELS, "PENDING"),
      rejection_reason: t.rejection_reason,
      created_record_id: t.created_record_id,
      is_active: t.is_active,
    },
    joins: [
      { table: users, on: eq(users.id, t.request_by) },
      { table: valueLists, on: eq(valueLists.id, t.zone_id) },
    ],
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    searchText: franchiseeCareerSearchText(t),
    filters: { status: approvalFilter(t.status), zone_id: referenceFilter(t.zone_id, "Zone") },
    export: [
      ...idAndStatusColumns(),
      { header: "Approval Status", field: "status_label" },
      { header: "Request By", field: "request_by_name" },
      { header: "Full Name", field: "full_name" },
      { header: "Age", field: "age" },
      { header: "Phone", field: "phone_no" },
      { header: "Email", field: "email" },
      { header: "Address", field: "address" },
      { header: "City", field: "city" },
      { header: "Pincode", field: "pin_code" },
      { header: "Gender", field: "gender_label" },
      { header: "Zone", field: "zone" },
      { header: "Applying As", field: "applying_as_label" },
      { header: "Currently Operate Business", field: "currently_operate_business" },
      { header: "Business Description", field: "business_description" },
      { header: "Has Franchisee Business", field: "has_franchisee_business" },
      { header: "Franchisee Description", field: "franchisee_description" },
      { header: "Experienced In Pet Industry", field: "is_experienced_pet_industry" },
      { header: "Proposed Franchisee Location", field: "proposed_franchisee_location" },
      { header: "Preferred Work Type", field: "preferred_work_type_label" },
      { header: "Support Interest", field: "support_interest" },
      { header: "Heard From", field: "heard_from" },
      { header: "Rejection Reason", field: "rejection_reason" },
    ],
  }),
});

export const franchiseeCareerRequestsCrud = franchiseeCareerRequest.crud;
export const franchiseeCareerRequestActions = franchiseeCareerRequest.actions;

/** GET masters?context=franchisee_career_requests: the zones (the filter and the inline zone change). */
export async function franchiseeCareerRequestMasters(ctx: Ctx) {
  return { zones: await masterRows(ctx, ZONES_VALUE) };
}
