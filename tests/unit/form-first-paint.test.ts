import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { Field, FormReadOnly } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { TextField } from "@/components/form/text-field";

// Issue 26: a form's first HTML holds its values (Edit Plan showed empty amounts until hydration, Add Plan its
// defaults late), and a read-only form asks for nothing.

function Form({ values, children }: { values: Record<string, unknown>; children: ReactNode }) {
  const form = useForm({ defaultValues: values });
  return h(FormProvider, { ...form, children: h("form", null, children) });
}

const html = (values: Record<string, unknown>, ...children: ReactNode[]) =>
  renderToString(h(Form, { values, children }));

describe("a form's first HTML", () => {
  it("holds every text input's starting value, numbers, times and text areas included", () => {
    const out = html(
      { original_amount: "800", price_percent: "100", start_time: "09:30", address: "12 MG Road" },
      h(TextField, { key: 1, name: "original_amount", label: "Original Amount (₹)", type: "number" }),
      h(TextField, { key: 2, name: "price_percent", label: "Price Percent", type: "number" }),
      h(TextField, { key: 3, name: "start_time", label: "Start Time", type: "time" }),
      h(TextField, { key: 4, name: "address", label: "Address", multiline: true }),
    );
    expect(out).toMatch(
      /<input[^>]*id="original_amount"[^>]*value="800"|<input[^>]*value="800"[^>]*id="original_amount"/,
    );
    expect(out).toMatch(/id="price_percent"[^>]*value="100"|value="100"[^>]*id="price_percent"/);
    expect(out).toMatch(/id="start_time"[^>]*value="09:30"|value="09:30"[^>]*id="start_time"/);
    expect(out).toMatch(/<textarea[^>]*id="address"[^>]*>12 MG Road<\/textarea>/);
  });

  it("leaves a blank field blank (no 'null' or 'undefined' text)", () => {
    const out = html({ days: null }, h(TextField, { key: 1, name: "days", label: "Days" }));
    expect(out).toMatch(/id="days"/);
    expect(out).not.toMatch(/null|undefined/);
  });
});

describe("the required mark", () => {
  const field = h(Field, {
    key: 1,
    name: "name",
    label: "Name",
    required: true,
    children: h("input", { id: "name" }),
  });

  it("marks a required field of an editable form", () => {
    expect(html({ name: "" }, field)).toContain(">*</span>");
  });

  it("is dropped in a read-only form", () => {
    const out = html({ name: "" }, h(FormReadOnly.Provider, { key: 1, value: true, children: field }));
    expect(out).toContain("Name");
    expect(out).not.toContain(">*</span>");
  });
});

describe("a switch", () => {
  it("reads YES when on and NO when off (spec 002 §9), its accessible name still the label", () => {
    const out = html(
      { is_active: 1, is_kyc_valid: 0 },
      h(SwitchField, { key: 1, name: "is_active", label: "Is Active" }),
      h(SwitchField, { key: 2, name: "is_kyc_valid", label: "KYC Done" }),
    );
    expect(out).toMatch(/data-testid="is_active-state"[^>]*>YES</);
    expect(out).toMatch(/data-testid="is_kyc_valid-state"[^>]*>NO</);
    expect(out).toMatch(/<label[^>]*for="is_active"[^>]*>Is Active<\/label>/);
  });
});
