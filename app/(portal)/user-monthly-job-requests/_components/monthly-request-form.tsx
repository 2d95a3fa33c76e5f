"use client";
import { useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { SubTable } from "@/components/data-table";
import { EntityForm, Field, fieldsFor, ShownField, type Option, type PickedOption } from "@/components/form";
import { formatDate } from "@/lib/format";
import type { MonthlyRequestRecord } from "@/lib/jobs/monthly-requests";
import type { FormScreenProps } from "@/lib/platform/screens";
import {
  createMonthlyRequestAction,
  monthlyRequestCustomerAction,
  updateMonthlyRequestAction,
} from "../actions";
import { MONTH_NAMES as MONTHS } from "@/lib/format";
import { PET_COLUMNS, type Pet } from "./monthly-requests-table";

// ---------------------------------------------------------------------------------------------------------------
// Create (spec 002 §2: the route exists, its content is not shown).

export type CreateMonthlyRequestValues = {
  user_id: string;
  user_address_id: string;
  user_pet_ids: string[];
  plan_id: string;
  start_date: string;
  end_date: string;
  zone_id: string;
  franchisee_id: string;
  /** Never typed: holds the server's error on the month (it follows the start date). */
  month: string;
};

const C = fieldsFor<CreateMonthlyRequestValues>();
/** No franchisee chosen: the nearest one takes the request. */
const NO_FRANCHISEE: PickedOption = { value: "", label: "Nearest franchisee" };

/** The chosen customer's pets (as many as the plan's dogs) and addresses, loaded when the customer changes. */
function CustomerParts({ dogs }: { dogs: number | undefined }) {
  const { setValue } = useFormContext<CreateMonthlyRequestValues>();
  const userId = useWatch<CreateMonthlyRequestValues, "user_id">({ name: "user_id" });
  const [loaded, setLoaded] = useState<{ userId: string; pets: Option[]; addresses: Option[] } | null>(null);
  useEffect(() => {
    let live = true;
    if (!userId) return;
    void monthlyRequestCustomerAction(userId).then((r) => {
      if (!live || !r.ok) return;
      setLoaded({
        userId,
        pets: r.data.pets.map((p) => ({
          value: String(p.id),
          label: p.breed ? `${p.name} (${p.breed})` : p.name,
        })),
        addresses: r.data.addresses.map((a) => ({ value: String(a.id), label: a.address })),
      });
    });
    return () => {
      live = false;
    };
  }, [userId]);
  const choices =
    loaded && loaded.userId === userId ? loaded : { pets: [] as Option[], addresses: [] as Option[] };
  useEffect(() => {
    setValue("user_pet_ids", []);
    setValue("user_address_id", "");
  }, [userId, setValue]);
  return (
    <>
      <C.Select name="user_address_id" label="Address" options={choices.addresses} required />
      <C.Checkboxes
        name="user_pet_ids"
        label={dogs ? `Pets (choose ${dogs})` : "Pets"}
        options={choices.pets}
        max={2}
        empty={userId ? "This customer has no pets." : "Choose the customer first."}
        required
        className="md:col-span-2"
      />
    </>
  );
}

/** The month the request is for: the start date's (the server checks it). */
function MonthOfStart() {
  const start = useWatch<CreateMonthlyRequestValues, "start_date">({ name: "start_date" });
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(start ?? "");
  return (
    <Field name="month" label="Month and Year">
      <p className="text-sm">{m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : "The start date's month"}</p>
    </Field>
  );
}

/**
 * Add User Monthly Job Request: the customer, their address and pets (1 or 2, as the plan's dogs), the plan, the
 * start and end date (at most 62 days), the zone (default the franchisee's) and the franchisee (a franchisee's
 * admin: their own, not asked). Customers, plans and franchisees are searched on the server (a company has
 * thousands of each); the chosen plan tells how many pets to choose.
 */
export function CreateMonthlyRequestForm({
  zones,
  chooseFranchisee,
  ...props
}: FormScreenProps & {
  initial: CreateMonthlyRequestValues;
  zones: Option[];
  /** False for a franchisee's admin (their own franchisee). */
  chooseFranchisee: boolean;
}) {
  const [dogs, setDogs] = useState<number | undefined>(undefined);
  return (
    <EntityForm<CreateMonthlyRequestValues> {...props} actions={{ create: createMonthlyRequestAction }}>
      <C.Picker name="user_id" label="Customer" source="customers" required />
      <C.Picker
        name="plan_id"
        label="Plan"
        source="plans"
        required
        onPicked={(o) => setDogs(typeof o?.data?.dogs === "number" ? o.data.dogs : undefined)}
      />
      <CustomerParts dogs={dogs} />
      <C.Date name="start_date" label="Start Date" required />
      <C.Date name="end_date" label="End Date" required />
      <MonthOfStart />
      {chooseFranchisee ? (
        <C.Picker name="franchisee_id" label="Franchisee" source="franchisees" none={NO_FRANCHISEE} />
      ) : null}
      <C.Select name="zone_id" label="Zone" options={zones} />
    </EntityForm>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Edit (spec 002 §4).

export type EditMonthlyRequestValues = {
  zone_id: string;
  franchisee_id: string;
  is_active: number;
  franchisee_approval_status: string;
  status: string;
  walker_id: string;
  timeslot: string;
  timeslot_2: string;
  remark: string;
};

const E = fieldsFor<EditMonthlyRequestValues>();

const APPROVAL_OPTIONS: Option[] = [
  { value: "0", label: "PENDING" },
  { value: "1", label: "APPROVED" },
  { value: "2", label: "REJECTED" },
];

/** What the request is for, as GET :id answers it; `customer_href` the customer page (issue 22), when allowed. */
export type RequestSummary = Pick<
  MonthlyRequestRecord,
  | "user_name"
  | "address"
  | "plan_name"
  | "franchisee_name"
  | "zone"
  | "month"
  | "year"
  | "start_date"
  | "end_date"
> & { customer_href: string | null; user_monthly_job_request_pets: Omit<Pet, "user_pet">[] };

/** The role rules of the decision fields, on the form's live values. */
function DecisionFields({
  franchiseeAdmin,
  approver,
  walker,
  twoWalks,
}: {
  franchiseeAdmin: boolean;
  approver: boolean;
  walker: PickedOption | null;
  twoWalks: boolean;
}) {
  const approval = useWatch<EditMonthlyRequestValues, "franchisee_approval_status">({
    name: "franchisee_approval_status",
  });
  // The walkers of the request's franchisee (as chosen on the form).
  const franchiseeId = useWatch<EditMonthlyRequestValues, "franchisee_id">({ name: "franchisee_id" });
  return (
    <>
      <E.Select
        name="franchisee_approval_status"
        label="Franchisee Approval Status"
        options={APPROVAL_OPTIONS}
        disabled={!franchiseeAdmin}
      />
      {approver && approval !== "0" ? (
        <E.Select name="status" label="Status" options={APPROVAL_OPTIONS} />
      ) : null}
      {approval === "1" ? (
        <E.Picker
          name="walker_id"
          label="Walker"
          source="staff"
          params={franchiseeId ? { franchisee_id: franchiseeId } : undefined}
          selected={walker}
          required
        />
      ) : null}
      <E.Text name="timeslot" label="Timeslot" type="time" disabled={!franchiseeAdmin} />
      {twoWalks ? (
        <E.Text name="timeslot_2" label="Timeslot 2" type="time" disabled={!franchiseeAdmin} />
      ) : null}
      {approval === "2" ? (
        <E.Text
          name="remark"
          label="Remark"
          multiline
          required
          disabled={!franchiseeAdmin}
          className="md:col-span-2"
        />
      ) : null}
    </>
  );
}

/**
 * Edit User Monthly Job Request (spec 002 §4): what it is for, read-only; the zone; the franchisee while it has not
 * decided (admins); Is Active; the franchisee approval status (a franchisee's admin only); the Status (holders of
 * approve, once the franchisee has decided); the walker when the franchisee approves; the Remark when it rejects;
 * Timeslot and, when the request has one or the plan two walks a day, Timeslot 2 (a franchisee's admin only).
 */
export function EditMonthlyRequestForm({
  summary,
  zones,
  franchisee,
  walker,
  franchiseeAdmin,
  approver,
  twoWalks,
  ...props
}: FormScreenProps & {
  initial: EditMonthlyRequestValues;
  summary: RequestSummary;
  zones: Option[] | null;
  /** Offered while the franchisee has not decided, to callers of no franchisee (`chosen`: the current one). */
  franchisee: { chosen: PickedOption | null } | null;
  /** The current walker, named by the server. */
  walker: PickedOption | null;
  franchiseeAdmin: boolean;
  approver: boolean;
  twoWalks: boolean;
}) {
  return (
    <EntityForm<EditMonthlyRequestValues>
      {...props}
      actions={{ update: updateMonthlyRequestAction }}
      after={<SubTable title="Pets" rows={summary.user_monthly_job_request_pets} columns={PET_COLUMNS} />}
    >
      <ShownField label="User" text={summary.user_name} href={summary.customer_href} />
      <ShownField label="Plan" text={summary.plan_name} />
      <ShownField label="Address" text={summary.address} />
      <ShownField
        label="Month and Year"
        text={`${MONTHS[summary.month - 1] ?? summary.month} ${summary.year}`}
      />
      <ShownField
        label="Start and End Date"
        text={`${formatDate(summary.start_date)} – ${formatDate(summary.end_date)}`}
      />
      {franchisee ? (
        <E.Picker name="franchisee_id" label="Franchisee" source="franchisees" selected={franchisee.chosen} />
      ) : (
        <ShownField label="Franchisee" text={summary.franchisee_name} />
      )}
      {zones ? (
        <E.Select name="zone_id" label="Zone" options={zones} />
      ) : (
        <ShownField label="Zone" text={summary.zone} />
      )}
      <E.Switch name="is_active" label="Is Active" />
      <DecisionFields
        franchiseeAdmin={franchiseeAdmin}
        approver={approver}
        walker={walker}
        twoWalks={twoWalks}
      />
    </EntityForm>
  );
}
