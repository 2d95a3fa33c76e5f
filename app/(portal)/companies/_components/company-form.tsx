"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { fieldsFor, ImageField, reportFormFailure, settle } from "@/components/form";
import { useDialogs } from "@/components/shell/dialogs";
import type { Company } from "@/db/schema";
import { DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR } from "@/db/schema/defaults";
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

/** The company schema's fields (lib/admin/companies.ts) as the form holds them; images are files, sent after the save. */
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

/** Spec 000 §8: the upload failure popup. */
const UPLOAD_FAILED =
  "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...";

type Props = {
  /** Opaque id of the company being edited, and the record; absent on create. */
  id?: string;
  company?: Company;
  logoUrl?: string | null;
  posterUrl?: string | null;
  /** A caller who may view but not update sees the form without Save. */
  readOnly?: boolean;
};

/**
 * The company form. Its own submit rather than EntityForm's: the images upload after the record saves (a new
 * company needs its id first), and a failed upload leaves a new company on its edit page.
 */
export function CompanyForm({ id, company, logoUrl, posterUrl, readOnly = false }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<CompanyFormValues>({ defaultValues: valuesOf(company) });
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    const { logo_path, explorer_poster_path, ...fields } = values;
    const r = await settle(() => (id ? updateCompanyAction(id, fields) : createCompanyAction(fields)));
    if (!r.ok) return reportFormFailure(dialogs, r, form); // what the user typed stays in the form
    if (logo_path || explorer_poster_path) {
      const body = new FormData();
      body.set("id", r.data.id);
      if (logo_path) body.set("logo_path", logo_path);
      if (explorer_poster_path) body.set("explorer_poster_path", explorer_poster_path);
      // The company is saved by now; an upload that fails (or never reaches the server) says so, keeps the chosen
      // files, and a new company continues on its edit page.
      const res = await fetch("/api/companies/upload_logo_path", { method: "POST", body }).catch(() => null);
      if (!res?.ok) {
        const err = (await res?.json().catch(() => ({}))) as
          { errors?: Record<string, string[]> } | undefined;
        for (const [k, msgs] of Object.entries(err?.errors ?? {}))
          form.setError(k as keyof CompanyFormValues, { message: msgs[0] });
        dialogs.error(UPLOAD_FAILED);
        if (!id) router.replace(`/companies/${r.data.id}`);
        return;
      }
    }
    dialogs.success(id ? "Company updated successfully." : "Company created successfully.");
    router.push("/companies");
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      <form
        method="post"
        onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit}
        noValidate
        aria-busy={pending}
      >
        {/* A disabled fieldset disables every input, switch and picker; the rich text needs telling itself. */}
        <fieldset disabled={readOnly || pending} className="min-w-0 space-y-6">
          <Section title={readOnly ? "View Company" : id ? "Edit Company" : "Add Company"}>
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
          </Section>
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
            {id && <F.Switch name="is_active" label="Is Active" />}
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
        </fieldset>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/companies">{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : id ? "Update Company" : "Save Company"}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
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
