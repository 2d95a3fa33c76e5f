"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  ColorField,
  ImageField,
  reportFormFailure,
  RichTextField,
  settle,
  SwitchField,
  TextField,
} from "@/components/form";
import { useDialogs } from "@/components/shell/dialogs";
import { createCompanyAction, updateCompanyAction } from "../actions";
import { DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR } from "@/db/schema/defaults";

export type CompanyFormValues = {
  name: string;
  tag_line: string;
  email: string;
  phone: string;
  admin_name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  code: string;
  whatsapp_no: string;
  is_active: number;
  is_location_tracking_enabled: number;
  is_SUSP_enabled: number;
  is_SUSL_enabled: number;
  franchisee_summary_colorcode: string;
  franchisee_summary_colorcode_2: string;
  franchisee_summary_colorcode_3: string;
  staff_summary_colorcode: string;
  staff_summary_colorcode_2: string;
  staff_summary_colorcode_3: string;
  about_us: string;
  terms: string;
  faqs: string;
  privacy: string;
  return_policy: string;
  refund_policy: string;
  cancellation_policy: string;
  disclaimer: string;
  logo_path: File | null;
  explorer_poster_path: File | null;
};

/** A new company: blank fields, the spec's default colour codes. */
export const EMPTY_COMPANY: CompanyFormValues = {
  name: "",
  tag_line: "",
  email: "",
  phone: "",
  admin_name: "",
  address: "",
  city: "",
  state: "",
  pincode: "",
  code: "",
  whatsapp_no: "",
  is_active: 1,
  is_location_tracking_enabled: 0,
  is_SUSP_enabled: 0,
  is_SUSL_enabled: 0,
  franchisee_summary_colorcode: DEFAULT_FRANCHISEE_COLOR,
  franchisee_summary_colorcode_2: DEFAULT_FRANCHISEE_COLOR,
  franchisee_summary_colorcode_3: DEFAULT_FRANCHISEE_COLOR,
  staff_summary_colorcode: DEFAULT_STAFF_COLOR,
  staff_summary_colorcode_2: DEFAULT_STAFF_COLOR,
  staff_summary_colorcode_3: DEFAULT_STAFF_COLOR,
  about_us: "",
  terms: "",
  faqs: "",
  privacy: "",
  return_policy: "",
  refund_policy: "",
  cancellation_policy: "",
  disclaimer: "",
  logo_path: null,
  explorer_poster_path: null,
};

const POLICIES: [keyof CompanyFormValues, string][] = [
  ["about_us", "About Us"],
  ["terms", "Terms"],
  ["faqs", "FAQs"],
  ["privacy", "Privacy"],
  ["return_policy", "Return Policy"],
  ["refund_policy", "Refund Policy"],
  ["cancellation_policy", "Cancellation Policy"],
  ["disclaimer", "Disclaimer"],
];

/** Spec 000 §8: the upload failure popup. */
const UPLOAD_FAILED =
  "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...";

type Props = {
  id?: string;
  initial: CompanyFormValues;
  logoUrl?: string | null;
  posterUrl?: string | null;
  /** A caller who may view but not update sees the form without Save. */
  readOnly?: boolean;
};

export function CompanyForm({ id, initial, logoUrl, posterUrl, readOnly = false }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<CompanyFormValues>({ defaultValues: initial });
  const { handleSubmit, setError, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    const { logo_path, explorer_poster_path, ...fields } = values;
    const r = await settle(() => (id ? updateCompanyAction(id, fields) : createCompanyAction(fields)));
    if (!r.ok) {
      reportFormFailure(dialogs, r, form);
      return; // what the user typed stays in the form
    }
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
          setError(k as keyof CompanyFormValues, { message: msgs[0] });
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
      <form onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{readOnly ? "View Company" : id ? "Edit Company" : "Add Company"}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField name="name" label="Name" required disabled={readOnly} />
            <TextField name="tag_line" label="Tag Line" disabled={readOnly} />
            <TextField name="email" label="Email" type="email" required disabled={readOnly} />
            <TextField name="phone" label="Phone" type="tel" required disabled={readOnly} />
            <TextField name="admin_name" label="Admin Name" disabled={readOnly} />
            <TextField name="whatsapp_no" label="WhatsApp No" type="tel" disabled={readOnly} />
            <div className="md:col-span-2">
              <TextField name="address" label="Address" required disabled={readOnly} />
            </div>
            <TextField name="city" label="City" disabled={readOnly} />
            <TextField name="state" label="State" disabled={readOnly} />
            <TextField name="pincode" label="Pincode" disabled={readOnly} />
            <TextField name="code" label="Code" disabled={readOnly} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Images and settings</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <ImageField name="logo_path" label="Logo" currentUrl={logoUrl ?? undefined} disabled={readOnly} />
            <ImageField
              name="explorer_poster_path"
              label="Explorer Poster"
              currentUrl={posterUrl ?? undefined}
              disabled={readOnly}
            />
            <SwitchField name="is_location_tracking_enabled" label="Location tracking" disabled={readOnly} />
            <SwitchField name="is_SUSP_enabled" label="SUSP enabled" disabled={readOnly} />
            <SwitchField name="is_SUSL_enabled" label="SUSL enabled" disabled={readOnly} />
            {id && <SwitchField name="is_active" label="Is Active" disabled={readOnly} />}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Colour codes</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-3">
            <ColorField
              name="franchisee_summary_colorcode"
              label="Franchisee Summary Colour"
              disabled={readOnly}
            />
            <ColorField
              name="franchisee_summary_colorcode_2"
              label="Franchisee Summary Colour 2"
              disabled={readOnly}
            />
            <ColorField
              name="franchisee_summary_colorcode_3"
              label="Franchisee Summary Colour 3"
              disabled={readOnly}
            />
            <ColorField name="staff_summary_colorcode" label="Staff Summary Colour" disabled={readOnly} />
            <ColorField name="staff_summary_colorcode_2" label="Staff Summary Colour 2" disabled={readOnly} />
            <ColorField name="staff_summary_colorcode_3" label="Staff Summary Colour 3" disabled={readOnly} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Policies</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            {POLICIES.map(([name, label]) => (
              <RichTextField key={name} name={name} label={label} disabled={readOnly} />
            ))}
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/companies">{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? "Update Company" : "Save Company"}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
