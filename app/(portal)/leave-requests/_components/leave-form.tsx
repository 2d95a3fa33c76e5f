"use client";
import { useWatch } from "react-hook-form";
import { EntityForm, Field, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createLeaveRequestAction, updateLeaveRequestAction } from "../actions";
import type { LeaveFormValues } from "./leave-values";

const F = fieldsFor<LeaveFormValues>();

const TYPES: Option[] = [
  { value: "full_day", label: "Full Day" },
  { value: "time_range", label: "Time Range" },
];

/** Start and End Time, only for a time range leave. */
function Times() {
  const type = useWatch<LeaveFormValues, "leave_type">({ name: "leave_type" });
  return type === "time_range" ? (
    <>
      <F.Text name="start_time" label="Start Time" type="time" required />
      <F.Text name="end_time" label="End Time" type="time" required />
    </>
  ) : null;
}

/**
 * A leave request (spec 002 §2 says the routes exist, not their forms; ours): the walker (on create: the caller's
 * franchisee's walkers, or the company's), the date (today or later, India's date), the leave type, the times of a
 * time range leave and the reason; on edit Is Active. A leave is edited only while pending (the server refuses
 * otherwise); its approval is the list's.
 */
export function LeaveForm({
  walkerName,
  ...props
}: FormScreenProps & {
  initial: LeaveFormValues;
  walkerName?: string | null;
  /** Under the fields: the record's decision and walks (LeaveDecision). */
  after?: React.ReactNode;
}) {
  return (
    <EntityForm<LeaveFormValues>
      {...props}
      actions={{ create: createLeaveRequestAction, update: updateLeaveRequestAction }}
    >
      {props.id ? (
        <Field name="user_id" label="Walker">
          <p className="text-sm">{walkerName ?? ""}</p>
        </Field>
      ) : (
        <F.Picker name="user_id" label="Walker" source="staff" required />
      )}
      <F.Date name="date" label="Date" required />
      <F.Select name="leave_type" label="Leave Type" options={TYPES} required />
      <Times />
      <F.Text name="reason" label="Reason" multiline className="md:col-span-2" />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
