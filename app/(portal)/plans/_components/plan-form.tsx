"use client";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { computePlan, isBasicPlan, otherPercent, splitAfterEdit } from "@/lib/franchise/plan-pricing";
import { formatRupees } from "@/lib/format";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createPlanAction, updatePlanAction } from "../actions";
import type { PlanFormValues } from "./plan-values";

const COUNTS: Option[] = [
  { value: "1", label: "1" },
  { value: "2", label: "2" },
];

const F = fieldsFor<PlanFormValues>();

/** A typed number, or `fallback` while the field is blank or not a number yet. */
const num = (v: string | undefined, fallback = 0) => {
  const n = Number(v);
  return v == null || v.trim() === "" || !Number.isFinite(n) ? fallback : n;
};
/** A percent as typed into a sibling field: within 0..100. */
const pct = (v: string | undefined) => Math.min(Math.max(num(v), 0), 100);

/**
 * The paired fields (spec 002 §5): price and discount percent sum to 100, editing walkie percent adjusts franchisee
 * percent and the other way round (the other lowered when the two would pass 100); a basic plan's second discount
 * is cleared. Only a change the user made moves its pair (values set here do not echo back).
 */
function usePairedFields() {
  const { watch, setValue } = useFormContext<PlanFormValues>();
  useEffect(() => {
    const sub = watch((v, { name, type }) => {
      if (type !== "change") return;
      const opts = { shouldDirty: true };
      if (name === "price_percent")
        setValue("discount_percent", String(otherPercent(pct(v.price_percent))), opts);
      else if (name === "discount_percent")
        setValue("price_percent", String(otherPercent(pct(v.discount_percent))), opts);
      else if (name === "walkie_percent" || name === "franchisee_percent") {
        const other = name === "walkie_percent" ? "franchisee_percent" : "walkie_percent";
        const split = splitAfterEdit(pct(v[name]), pct(v[other]));
        if (split.other !== pct(v[other])) setValue(other, String(split.other), opts);
      } else if ((name === "no_of_dogs" || name === "no_of_walks") && v.no_of_dogs && v.no_of_walks) {
        if (isBasicPlan(num(v.no_of_dogs), num(v.no_of_walks)) && v.second_discount_percent)
          setValue("second_discount_percent", "", opts);
      }
    });
    return () => sub.unsubscribe();
  }, [watch, setValue]);
}

/** A computed value: shown, never sent (the server computes it again from the inputs). */
function Computed({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly tabIndex={-1} className="bg-slate-50" aria-readonly />
    </div>
  );
}

/** The fields, the second discount only for a plan that is not basic, and the live calculation. */
function PlanFields({ tiers, editing }: { tiers: Option[]; editing: boolean }) {
  usePairedFields();
  const v = useWatch<PlanFormValues>() as PlanFormValues;
  const dogs = num(v.no_of_dogs, 1);
  const walks = num(v.no_of_walks, 1);
  const basic = isBasicPlan(dogs, walks);
  const days = num(v.days, 0);
  const c = computePlan({
    no_of_dogs: dogs,
    no_of_walks: walks,
    original_amount: Math.max(num(v.original_amount), 0),
    price_percent: pct(v.price_percent),
    second_discount_percent: v.second_discount_percent ? pct(v.second_discount_percent) : null,
    days: days >= 1 ? Math.floor(days) : null,
    walkie_percent: pct(v.walkie_percent),
    franchisee_percent: pct(v.franchisee_percent),
  });
  return (
    <>
      <F.Select name="no_of_dogs" label="No.Of Dogs" options={COUNTS} required />
      <F.Select name="no_of_walks" label="No.Of Walks" options={COUNTS} required />
      <F.Select name="tier" label="Tier" options={tiers} required />
      <F.Text name="original_amount" label="Original Amount (₹)" type="number" required />
      <F.Text name="price_percent" label="Price Percent" type="number" />
      <F.Text name="discount_percent" label="Discount Percent" type="number" />
      <Computed
        id="calculated_final_amount"
        label="Calculated Final Amount"
        value={formatRupees(c.calculated_final_amount)}
      />
      {basic ? null : (
        <>
          <F.Text name="second_discount_percent" label="Second Discount Percent" type="number" />
          <Computed
            id="second_discount_amount"
            label="Second Discount Amount"
            value={formatRupees(c.second_discount_amount)}
          />
        </>
      )}
      <Computed id="final_amount" label="Final Amount" value={formatRupees(c.final_amount)} />
      <F.Text name="per_walk_time" label="Per Walk Time (minutes)" type="number" />
      <F.Text name="days" label="Days" type="number" />
      <Computed
        id="customer_per_day_charges"
        label="Customer Per Day Charges"
        value={formatRupees(c.customer_per_day_charges)}
      />
      <F.Text name="walkie_percent" label="Walkie Percent" type="number" />
      <Computed
        id="walkie_commission_amount"
        label="Walkie Commission Amount"
        value={formatRupees(c.walkie_commission_amount)}
      />
      <F.Text name="franchisee_percent" label="Franchisee Percent" type="number" />
      <Computed
        id="franchisee_commission_amount"
        label="Franchisee Commission Amount"
        value={formatRupees(c.franchisee_commission_amount)}
      />
      <Computed id="company_percent" label="Company Percent" value={String(c.company_percent)} />
      <Computed
        id="company_commission_amount"
        label="Company Commission Amount"
        value={formatRupees(c.company_commission_amount)}
      />
      {editing ? <F.Switch name="is_active" label="Is Active" /> : null}
    </>
  );
}

/**
 * The plan form (spec 002 §2, §5): No.Of Dogs, No.Of Walks, Tier and Original Amount required; the amounts,
 * company percent and commissions calculated while typing with the server's own rules (lib/franchise/plan-pricing.ts).
 */
export function PlanForm({
  tiers,
  ...props
}: FormScreenProps & { initial: PlanFormValues; tiers: Option[] }) {
  return (
    <EntityForm<PlanFormValues> {...props} actions={{ create: createPlanAction, update: updatePlanAction }}>
      <PlanFields tiers={tiers} editing={!!props.id} />
    </EntityForm>
  );
}
