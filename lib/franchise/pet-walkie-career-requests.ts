import "server-only";
import { z } from "zod";
import { petWalkieCareerRequests as t, petWalkieSearchText } from "@/db/schema";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { optionalPhone, optionalText, phone, requiredText } from "@/lib/platform/schemas";
import {
  applicationAge,
  applicationFlag,
  applicationPinCode,
  approvalFilter,
  CAREER_STATUS_LABELS,
  careerRequest,
  labelOf,
  yesNo,
} from "./career-requests";

/**
 * A walker's application (spec 002 §3 Pet walkie career request), as the mobile app sends it and as
 * /pet-walkie-career-requests/create enters a paper one: name and phone required.
 */
export const petWalkieApplicationSchema = z.object({
  user_name: requiredText("full name", 200),
  age: applicationAge,
  phone_no: phone("phone"),
  whatsapp_no: optionalPhone("whatsapp number"),
  area: optionalText("area", 200),
  pin_code: applicationPinCode,
  preferred_timeslot: optionalText("preferred timeslot", 100),
  is_experienced: applicationFlag,
  has_internet_access: applicationFlag,
});

/** /pet-walkie-career-requests: Walkie Career Requests, newest first; search name, phone, WhatsApp, area, pin code. */
export const petWalkieCareerRequest = careerRequest({
  name: "pet_walkie_career_requests",
  kind: "pet_walkie",
  noun: "Walkie Career Request",
  plural: "Walkie Career Requests",
  href: "/pet-walkie-career-requests",
  table: t,
  create: petWalkieApplicationSchema,
  // Decision: the spec does not word them ("deleted and restored messages of those requests").
  messages: {
    deleted: "Walkie career request deleted successfully.",
    restored: "Walkie career request restored successfully.",
  },
  list: defineList({
    from: t,
    select: {
      id: t.id,
      user_name: t.user_name,
      age: t.age,
      phone_no: t.phone_no,
      whatsapp_no: t.whatsapp_no,
      area: t.area,
      // The list's field name (the edit screen's is pin_code).
      pincode: t.pin_code,
      preferred_timeslot: t.preferred_timeslot,
      is_experienced: t.is_experienced,
      is_experienced_label: yesNo(t.is_experienced),
      has_internet_access: t.has_internet_access,
      has_internet_access_label: yesNo(t.has_internet_access),
      status: t.status,
      status_label: labelOf(t.status, CAREER_STATUS_LABELS, "PENDING"),
      rejection_reason: t.rejection_reason,
      created_record_id: t.created_record_id,
      is_active: t.is_active,
    },
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    searchText: petWalkieSearchText(t),
    filters: { status: approvalFilter(t.status) },
    export: [
      ...idAndStatusColumns(),
      { header: "Approval Status", field: "status_label" },
      { header: "Full Name", field: "user_name" },
      { header: "Age", field: "age" },
      { header: "Phone", field: "phone_no" },
      { header: "WhatsApp No", field: "whatsapp_no" },
      { header: "Area", field: "area" },
      { header: "Pincode", field: "pincode" },
      { header: "Preferred Timeslot", field: "preferred_timeslot" },
      { header: "Is Experienced", field: "is_experienced_label" },
      { header: "Has Internet Access", field: "has_internet_access_label" },
      { header: "Rejection Reason", field: "rejection_reason" },
    ],
  }),
});

export const petWalkieCareerRequestsCrud = petWalkieCareerRequest.crud;
export const petWalkieCareerRequestActions = petWalkieCareerRequest.actions;
