"use client";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EntityForm, fieldsFor, ImageField } from "@/components/form";
import type { Company } from "@/db/schema";
import { DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR } from "@/db/schema/defaults";
import type { FormScreenProps } from "@/lib/platform/screens";
import { cn } from "@/lib/utils";
import { createCompanyAction, updateCompanyAction } from "../actions";

const TEXTS = [
  "name",
  "tag_line",
  "email",
  "phone",
  "admin_name",
  "address",
  "city",
  "state",
  "pincode",
  "code",
  "whatsapp_no",
] as const;
const FLAGS = ["is_active", "is_location_tracking_enabled", "is_SUSP_enabled", "is_SUSL_enabled"] as const;
const COLOURS = [
  ["franchisee_summary_colorcode", "Franchisee Summary Colour", DEFAULT_FRANCHISEE_COLOR],
  ["franchisee_summary_colorcode_2", "Franchisee Summary Colour 2", DEFAULT_FRANCHISEE_COLOR],
  ["franchisee_summary_colorcode_3", "Franchisee Summary Colour 3", DEFAULT_FRANCHISEE_COLOR],
  ["staff_summary_colorcode", "Staff Summary Colour", DEFAULT_STAFF_COLOR],
  ["staff_summary_colorcode_2", "Staff Summary Colour 2", DEFAULT_STAFF_COLOR],
  ["staff_summary_colorcode_3", "Staff Summary Colour 3", DEFAULT_STAFF_COLOR],
] as const;
const POLICIES = [
  ["about_us", "About Us"],
  ["terms", "Terms"],
  ["faqs", "FAQs"],
  ["privacy", "Privacy"],
  ["return_policy", "Return Policy"],
  ["refund_policy", "Refund Policy"],
  ["cancellation_policy", "Cancellation Policy"],
  ["disclaimer", "Disclaimer"],
] as const;

/** The company schema's fields (lib/admin/companies.ts) as the form holds them; images are files, saved with them. */
export type CompanyFormValues = Record<(typeof TEXTS)[number] | (typeof POLICIES)[number][0], string> &
  Record<(typeof FLAGS)[number], number> &
  Record<(typeof COLOURS)[number][0], string> & { logo_path: File | null; explorer_poster_path: File | null };
const F = fieldsFor<CompanyFormValues>();

/** The form's values: a new company's blanks and the spec's default colour codes, or the record's (nulls blank). */
function valuesOf(c?: Company): CompanyFormValues {
  const v: Record<string, unknown> = { logo_path: null, explorer_poster_path: null };
  for (const k of [...TEXTS, ...POLICIES.map((p) => p[0])]) v[k] = c?.[k] ?? "";
  for (const k of FLAGS) v[k] = c?.[k] ?? (k === "is_active" ? 1 : 0);
  for (const [k, , fallback] of COLOURS) v[k] = c?.[k] ?? fallback;
  return v as CompanyFormValues;
}

type Props = FormScreenProps & {
  /** The record; absent on create. */
  company?: Company;
  logoUrl?: string | null;
  posterUrl?: string | null;
};

/**
 * The company form: the entity form with its sections. The logo and poster chosen travel with the save, so the
 * company and its images are saved together or not at all: a refused image shows under its field, with everything
 * typed kept.
 */
export function CompanyForm({ company, logoUrl, posterUrl, ...screen }: Props) {
  const readOnly = !!screen.readOnly;
  return (
    <EntityForm<CompanyFormValues>
      {...screen}
      initial={valuesOf(company)}
      actions={{ create: createCompanyAction, update: updateCompanyAction }}
      after={
        <>
          <Section title="Images and settings">
            <ImageField name="logo_path" label="Logo" currentUrl={logoUrl ?? undefined} disabled={readOnly} />
            <ImageField
              name="explorer_poster_path"
              label="Explorer Poster"
              currentUrl={posterUrl ?? undefined}
              disabled={readOnly}
            />
            <F.Switch name="is_location_tracking_enabled" label="Location tracking" />
            <F.Switch name="is_SUSP_enabled" label="SUSP enabled" />
            <F.Switch name="is_SUSL_enabled" label="SUSL enabled" />
            {screen.id && <F.Switch name="is_active" label="Is Active" />}
          </Section>
          <Section title="Colour codes" className="md:grid-cols-3">
            {COLOURS.map(([name, label]) => (
              <F.Color key={name} name={name} label={label} disabled={readOnly} />
            ))}
          </Section>
          <Section title="Policies" className="gap-6 md:grid-cols-1">
            {POLICIES.map(([name, label]) => (
              <F.RichText key={name} name={name} label={label} disabled={readOnly} />
            ))}
          </Section>
        </>
      }
    >
      <F.Text name="name" label="Name" required />
      <F.Text name="tag_line" label="Tag Line" />
      <F.Text name="email" label="Email" type="email" required />
      <F.Text name="phone" label="Phone" type="tel" required />
      <F.Text name="admin_name" label="Admin Name" />
      <F.Text name="whatsapp_no" label="WhatsApp No" type="tel" />
      <F.Text name="address" label="Address" required className="md:col-span-2" />
      <F.Text name="city" label="City" />
      <F.Text name="state" label="State" />
      <F.Text name="pincode" label="Pincode" />
      <F.Text name="code" label="Code" />
    </EntityForm>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={cn("grid gap-4 md:grid-cols-2", className)}>{children}</CardContent>
    </Card>
  );
}
