"use client";
import { useFormContext, useWatch } from "react-hook-form";
import { EntityForm, Field, fieldError, fieldsFor, type Option, useRegister } from "@/components/form";
import { Input } from "@/components/ui/input";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createFranchiseeAction, updateFranchiseeAction } from "../actions";
import type { FranchiseeFormValues } from "./franchisee-values";

const F = fieldsFor<FranchiseeFormValues>();

const APPROVAL_OPTIONS: Option[] = [
  { value: "0", label: "PENDING" },
  { value: "1", label: "APPROVED" },
  { value: "2", label: "REJECTED" },
];

/** Start and end time under one "Working Hours" label; minutes 00 or 30 (the inputs step by half hours). */
function WorkingHours() {
  const { formState } = useFormContext<FranchiseeFormValues>();
  const start = useRegister("start_time");
  const end = useRegister("end_time");
  const invalid = !!fieldError(formState.errors, "working_hours");
  const aria = { "aria-invalid": invalid, "aria-describedby": invalid ? "working_hours-error" : undefined };
  return (
    <Field name="working_hours" label="Working Hours" className="md:col-span-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="grid gap-1 text-sm">
          Start Time
          <Input id="start_time" type="time" step={1800} {...aria} {...start} />
        </label>
        <label className="grid gap-1 text-sm">
          End Time
          <Input id="end_time" type="time" step={1800} {...aria} {...end} />
        </label>
      </div>
    </Field>
  );
}

/** The rejection reason, shown only while the approval status is rejected (spec 002 §2). */
function RejectionReason() {
  const status = useWatch<FranchiseeFormValues, "status">({ name: "status" });
  return status === "2" ? (
    <F.Text name="rejection_reason" label="Rejection Reason" multiline required className="md:col-span-2" />
  ) : null;
}

/**
 * Name, Email, Phone, Address, Description (required), Latitude and Longitude (optional), Zone, Working Hours; on
 * edit Is Active, and for ADMIN and SUPER ADMIN (franchisees.approve) the KYC-done toggle, the approval status and
 * the rejection reason (spec 002 §2). From a career request, the form says which one and carries its id.
 */
export function FranchiseeForm({
  zones,
  approver,
  careerRequestName,
  ...props
}: FormScreenProps & {
  initial: FranchiseeFormValues;
  zones: Option[];
  approver: boolean;
  careerRequestName?: string | null;
}) {
  return (
    <EntityForm<FranchiseeFormValues>
      {...props}
      actions={{ create: createFranchiseeAction, update: updateFranchiseeAction }}
    >
      {careerRequestName ? (
        <Field name="career_request_id" label="Career Request" className="md:col-span-2">
          <p className="text-muted-foreground text-sm">
            Created from the approved franchisee career request of {careerRequestName}.
          </p>
        </Field>
      ) : null}
      <F.Text name="name" label="Name" required />
      <F.Text name="email" label="Email" type="email" required />
      <F.Text name="phone" label="Phone" type="tel" required />
      <F.Select name="zone_id" label="Zone" options={zones} />
      <F.Text name="address" label="Address" multiline required />
      <F.Text name="description" label="Description" multiline required />
      <F.Text name="latitude" label="Latitude" type="number" />
      <F.Text name="longitude" label="Longitude" type="number" />
      <WorkingHours />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
      {props.id && approver ? (
        <>
          <F.Switch name="is_kyc_valid" label="KYC Done" />
          <F.Select name="status" label="Approval Status" options={APPROVAL_OPTIONS} />
          <RejectionReason />
        </>
      ) : null}
    </EntityForm>
  );
}
