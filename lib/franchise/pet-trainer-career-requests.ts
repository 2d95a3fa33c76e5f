import "server-only";
import { z } from "zod";
import { petTrainerCareerRequests as t, petTrainerSearchText } from "@/db/schema";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { optionalDate, optionalText, phone, requiredText } from "@/lib/platform/schemas";
import {
  applicationAge,
  applicationCode,
  applicationEmail,
  applicationFlag,
  applicationPinCode,
  approvalFilter,
  CAREER_STATUS_LABELS,
  careerRequest,
  dateText,
  labelOf,
  yesNo,
} from "./career-requests";

/** Trainer gender (spec 002 §3): 0 Male, 1 Female, 2 Other, otherwise Not specified. */
export const TRAINER_GENDER_LABELS: Record<number, string> = { 0: "Male", 1: "Female", 2: "Other" };
export const TRAINER_GENDER_OTHERWISE = "Not specified";

/** A trainer's application (spec 002 §3 Pet trainer career request): name and phone required. */
export const petTrainerApplicationSchema = z.object({
  user_name: requiredText("full name", 200),
  dob: optionalDate("date of birth"),
  age: applicationAge,
  phone_no: phone("phone"),
  email: applicationEmail,
  gender: applicationCode("gender"),
  address: optionalText("address", 500),
  area: optionalText("area", 200),
  pin_code: applicationPinCode,
  preferred_timeslot: optionalText("preferred timeslot", 100),
  experience_description: optionalText("experience details", 2000),
  trained_animal_type: optionalText("animal trained", 200),
  trained_animal_description: optionalText("animal description", 2000),
  language_spoken: optionalText("language spoken", 200),
  other_language_spoken: optionalText("other language spoken", 200),
  available_on: optionalText("available on", 200),
  has_allergies: applicationFlag,
  allergies_details: optionalText("allergy details", 1000),
  is_comfortable_outdoor: applicationFlag,
  is_experienced: applicationFlag,
  has_internet_access: applicationFlag,
});

/**
 * /pet-trainer-career-requests: Trainer Career Requests, newest first. The list reads the trainer's own fields its
 * headers name (the earlier client bound walker fields there, spec 002 §3).
 */
export const petTrainerCareerRequest = careerRequest({
  name: "pet_trainer_career_requests",
  kind: "pet_trainer",
  noun: "Trainer Career Request",
  plural: "Trainer Career Requests",
  href: "/pet-trainer-career-requests",
  table: t,
  create: petTrainerApplicationSchema,
  messages: {
    deleted: "Trainer career request deleted successfully.",
    restored: "Trainer career request restored successfully.",
  },
  list: defineList({
    from: t,
    select: {
      id: t.id,
      user_name: t.user_name,
      dob: dateText(t.dob),
      phone_no: t.phone_no,
      email: t.email,
      address: t.address,
      pincode: t.pin_code,
      preferred_timeslot: t.preferred_timeslot,
      gender: t.gender,
      gender_label: labelOf(t.gender, TRAINER_GENDER_LABELS, TRAINER_GENDER_OTHERWISE),
      is_experienced: t.is_experienced,
      is_experienced_label: yesNo(t.is_experienced),
      experience_description: t.experience_description,
      trained_animal_type: t.trained_animal_type,
      trained_animal_description: t.trained_animal_description,
      language_spoken: t.language_spoken,
      other_language_spoken: t.other_language_spoken,
      status: t.status,
      status_label: labelOf(t.status, CAREER_STATUS_LABELS, "PENDING"),
      rejection_reason: t.rejection_reason,
      created_record_id: t.created_record_id,
      is_active: t.is_active,
    },
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    searchText: petTrainerSearchText(t),
    filters: { status: approvalFilter(t.status) },
    export: [
      ...idAndStatusColumns(),
      { header: "Approval Status", field: "status_label" },
      { header: "Full Name", field: "user_name" },
      { header: "Date of Birth", field: "dob" },
      { header: "Phone", field: "phone_no" },
      { header: "Email", field: "email" },
      { header: "Address", field: "address" },
      { header: "Pincode", field: "pincode" },
      { header: "Preferred Timeslot", field: "preferred_timeslot" },
      { header: "Gender", field: "gender_label" },
      { header: "Is Experienced", field: "is_experienced_label" },
      { header: "Experience Details", field: "experience_description" },
      { header: "Animal Trained", field: "trained_animal_type" },
      { header: "Animal Description", field: "trained_animal_description" },
      { header: "Language Spoken", field: "language_spoken" },
      { header: "Other Language Spoken", field: "other_language_spoken" },
      { header: "Rejection Reason", field: "rejection_reason" },
    ],
  }),
});

export const petTrainerCareerRequestsCrud = petTrainerCareerRequest.crud;
export const petTrainerCareerRequestActions = petTrainerCareerRequest.actions;
