"use client";
import { useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Loader2, Upload } from "lucide-react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { Field } from "@/components/form";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Spec 001 §8: the upload failure popup. */
const UPLOAD_FAILED =
  "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...";

type Values = { pjps: File | null };
type ApiAnswer = {
  message?: string;
  errors?: Record<string, string[]>;
  data?: { count: number; invalid: number };
};

/**
 * The file chooser and its Preview button: the file goes to /api crud_pjps/upload_pjp as multipart (the session
 * cookie authenticates it) into the caller's staging area, which the table below previews and 'Upload file'
 * processes. The server's field error shows under the chooser, the popups say the rest.
 */
export function PjpUploadForm() {
  const router = useRouter();
  const pathname = usePathname();
  const dialogs = useDialogs();
  // A new key remounts the chooser: the way to empty a file input.
  const [chooserKey, setChooserKey] = useState(0);
  const form = useForm<Values>({ defaultValues: { pjps: null } });
  const { control, handleSubmit, setError, clearErrors, reset, formState } = form;

  const onSubmit = handleSubmit(async ({ pjps }) => {
    clearErrors();
    const body = new FormData();
    if (pjps) body.set("pjps", pjps);
    let res: Response;
    try {
      res = await fetch("/api/crud_pjps/upload_pjp", { method: "POST", body });
    } catch {
      return dialogs.error(UPLOAD_FAILED);
    }
    const answer = (await res.json().catch(() => ({}))) as ApiAnswer;
    if (res.status === 401) return reloadAt("/auth/login");
    if (res.status === 403) return dialogs.unauthorised();
    if (!res.ok) {
      const message = answer.errors?.pjps?.[0];
      if (message) setError("pjps", { message });
      return dialogs.error(UPLOAD_FAILED);
    }
    reset({ pjps: null });
    setChooserKey((k) => k + 1);
    // Rows with errors are staged for the preview, but the upload is no success: the answer says how many.
    if (answer.data?.invalid) dialogs.error(answer.message ?? "", "Rows with errors");
    else dialogs.success(answer.message ?? "");
    // The new rows start on page 1 of the preview.
    router.replace(pathname, { scroll: false });
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <Field name="pjps" label="Spreadsheet (.xlsx)" required className="w-full sm:max-w-md">
          <Controller
            control={control}
            name="pjps"
            render={({ field }) => (
              <Input
                id="pjps"
                key={chooserKey}
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={formState.errors.pjps ? true : undefined}
                aria-describedby={formState.errors.pjps ? "pjps-error" : undefined}
                onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Upload className="size-4" aria-hidden />
          )}
          Preview
        </Button>
      </form>
    </FormProvider>
  );
}
