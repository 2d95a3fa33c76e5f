"use client";
import { useEffect, useRef, useState } from "react";
import { useWatch, useFormContext } from "react-hook-form";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createDailyJobPlanAction, customerPetsAction, updateDailyJobPlanAction } from "../actions";
import type { DailyJobPlanFormValues, WalkerOption } from "./form-values";
import { WalkRows } from "./walk-rows";

const F = fieldsFor<DailyJobPlanFormValues>();
const NONE = { value: "0", label: "None" };

/**
 * Date, Customer, Franchisee (admins; a franchisee's member plans for their own), Walker (the franchisee's walkers),
 * Pet and Pet 2 (the customer's pets), Status, Is Active on edit, and the walks.
 */
export function DailyJobPlanForm(
  props: FormScreenProps & {
    initial: DailyJobPlanFormValues;
    customers: Option[];
    franchisees: Option[] | null;
    walkers: WalkerOption[];
    /** The customer's pets as loaded (the edit screen's customer). */
    pets: Option[];
    statuses: Option[];
    walkStatuses: Option[];
  },
) {
  const { customers, franchisees, walkers, pets, statuses, walkStatuses, initial, ...form } = props;
  return (
    <EntityForm<DailyJobPlanFormValues>
      {...form}
      initial={initial}
      actions={{ create: createDailyJobPlanAction, update: updateDailyJobPlanAction }}
      after={<PlanWalks walkers={walkers} statuses={walkStatuses} disabled={form.readOnly} />}
    >
      <F.Text name="date" label="Date" type="date" required />
      <F.Select name="user_id" label="Customer" options={customers} required />
      {franchisees ? (
        <F.Select name="franchisee_id" label="Franchisee" options={franchisees} required />
      ) : null}
      <PlanWalker walkers={walkers} byFranchisee={!!franchisees} />
      <CustomerPets initialPets={pets} initialCustomer={initial.user_id} />
      <F.Select name="status" label="Status" options={statuses} required />
      {form.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}

/** The walkers of the chosen franchisee (every offered walker for a franchisee's member). */
function useWalkers(walkers: WalkerOption[], byFranchisee: boolean): Option[] {
  const { control } = useFormContext<DailyJobPlanFormValues>();
  const franchisee = useWatch({ control, name: "franchisee_id" });
  return byFranchisee ? walkers.filter((w) => w.franchisee === franchisee) : walkers;
}

function PlanWalker({ walkers, byFranchisee }: { walkers: WalkerOption[]; byFranchisee: boolean }) {
  const shown = useWalkers(walkers, byFranchisee);
  return (
    <F.Select name="walker_id" label="Walker" options={[{ value: "0", label: "Not assigned" }, ...shown]} />
  );
}

function PlanWalks({
  walkers,
  statuses,
  disabled,
}: {
  walkers: WalkerOption[];
  statuses: Option[];
  disabled?: boolean;
}) {
  const { control } = useFormContext<DailyJobPlanFormValues>();
  const franchisee = useWatch({ control, name: "franchisee_id" });
  // A walk's own walker (a replacement of another franchisee) stays listed.
  const shown = walkers.filter((w) => !franchisee || w.franchisee === franchisee || w.franchisee === "*");
  return <WalkRows walkers={shown} statuses={statuses} disabled={disabled} />;
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
