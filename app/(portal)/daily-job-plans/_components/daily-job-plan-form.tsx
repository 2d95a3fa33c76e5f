"use client";
import { useEffect, useRef, useState } from "react";
import { useWatch, useFormContext } from "react-hook-form";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createDailyJobPlanAction, customerPetsAction, updateDailyJobPlanAction } from "../actions";
import type { DailyJobPlanFormValues, PlanNames } from "./form-values";
import { WalkRows } from "./walk-rows";

const F = fieldsFor<DailyJobPlanFormValues>();
const NONE = { value: "0", label: "None" };

/**
 * Date, Customer, Franchisee (admins; a franchisee's member plans for their own), Walker (the franchisee's walkers),
 * Pet and Pet 2 (the customer's pets), Status, Is Active on edit, and the walks. Customers, franchisees and walkers
 * are searched on the server as you type; `names` names the plan's own for the first paint.
 */
export function DailyJobPlanForm(
  props: FormScreenProps & {
    initial: DailyJobPlanFormValues;
    chooseFranchisee: boolean;
    names: PlanNames;
    /** The customer's pets as loaded (the edit screen's customer). */
    pets: Option[];
    statuses: Option[];
    walkStatuses: Option[];
  },
) {
  const { chooseFranchisee, names, pets, statuses, walkStatuses, initial, ...form } = props;
  return (
    <EntityForm<DailyJobPlanFormValues>
      {...form}
      initial={initial}
      actions={{ create: createDailyJobPlanAction, update: updateDailyJobPlanAction }}
      after={<PlanWalks names={names.walkers} statuses={walkStatuses} disabled={form.readOnly} />}
    >
      <F.Date name="date" label="Date" required />
      <F.Picker name="user_id" label="Customer" source="customers" selected={names.customer} required />
      {chooseFranchisee ? (
        <F.Picker
          name="franchisee_id"
          label="Franchisee"
          source="franchisees"
          selected={names.franchisee}
          required
        />
      ) : null}
      <PlanWalker names={names.walkers} />
      <CustomerPets initialPets={pets} initialCustomer={initial.user_id} />
      <F.Select name="status" label="Status" options={statuses} required />
      {form.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}

/** The staff source's parameters: the chosen franchisee's walkers (a member's own, whatever is sent). */
function useWalkerParams(): Record<string, string> | undefined {
  const { control } = useFormContext<DailyJobPlanFormValues>();
  const franchisee = useWatch({ control, name: "franchisee_id" });
  return franchisee && franchisee !== "0" ? { franchisee_id: franchisee } : undefined;
}

function PlanWalker({ names }: { names: PlanNames["walkers"] }) {
  const { getValues } = useFormContext<DailyJobPlanFormValues>();
  const params = useWalkerParams();
  return (
    <F.Picker
      name="walker_id"
      label="Walker"
      source="staff"
      params={params}
      selected={names[getValues("walker_id")] ?? null}
      none={{ value: "0", label: "Not assigned" }}
    />
  );
}

function PlanWalks({
  names,
  statuses,
  disabled,
}: {
  names: PlanNames["walkers"];
  statuses: Option[];
  disabled?: boolean;
}) {
  const params = useWalkerParams();
  return <WalkRows names={names} walkerParams={params} statuses={statuses} disabled={disabled} />;
}

/** Pet and Pet 2: the chosen customer's pets, read again when the customer changes (the choices then reset). */
function CustomerPets({ initialPets, initialCustomer }: { initialPets: Option[]; initialCustomer: string }) {
  const { control, setValue } = useFormContext<DailyJobPlanFormValues>();
  const customer = useWatch({ control, name: "user_id" });
  const [loaded, setLoaded] = useState<{ customer: string; pets: Option[] }>({
    customer: initialCustomer,
    pets: initialPets,
  });
  const seen = useRef(initialCustomer);
  useEffect(() => {
    if (customer === seen.current) return;
    seen.current = customer;
    setValue("user_pet_id", "");
    setValue("user_pet_2_id", "");
    if (!customer) return;
    let live = true;
    void customerPetsAction(customer).then((r) => {
      if (live && r.ok)
        setLoaded({ customer, pets: r.data.map((p) => ({ value: String(p.id), label: p.name })) });
    });
    return () => {
      live = false;
    };
  }, [customer, setValue]);
  const options = [NONE, ...(loaded.customer === customer ? loaded.pets : [])];
  return (
    <>
      <F.Select name="user_pet_id" label="Pet" options={options} />
      <F.Select name="user_pet_2_id" label="Pet 2" options={options} />
    </>
  );
}
