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

type Values = { value_lists: File | null };
type ApiAnswer = {
  message?: string;
  errors?: Record<string, string[]>;
  data?: { count: number; invalid: number };
};

/**
 * The file chooser and Upload button of one master's upload: multipart to /api crud_value_lists/upload_value_list
 * with the master (the session cookie authenticates it); the server's file error shows under the chooser.
 */
export function ValueListUploadForm({ masterId }: { masterId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const dialogs = useDialogs();
  const [chooserKey, setChooserKey] = useState(0);
  const form = useForm<Values>({ defaultValues: { value_lists: null } });
  const { control, handleSubmit, setError, clearErrors, reset, formState } = form;

  const onSubmit = handleSubmit(async ({ value_lists }) => {
    clearErrors();
    const body = new FormData();
    body.set("value_id", masterId);
    if (value_lists) body.set("value_lists", value_lists);
    let res: Response;
    try {
      res = await fetch("/api/crud_value_lists/upload_value_list", { method: "POST", body });
    } catch {
      return dialogs.error(UPLOAD_FAILED);
    }
    const answer = (await res.json().catch(() => ({}))) as ApiAnswer;
    if (res.status === 401) return reloadAt("/auth/login");
    if (res.status === 403) return dialogs.unauthorised();
    if (!res.ok) {
      const message = answer.errors?.value_lists?.[0] ?? answer.errors?.value_id?.[0];
      if (message) setError("value_lists", { message });
      return dialogs.error(UPLOAD_FAILED);
    }
    reset({ value_lists: null });
    setChooserKey((k) => k + 1);
    if (answer.data?.invalid) dialogs.error(answer.message ?? "", "Rows with errors");
    else dialogs.success(answer.message ?? "");
    router.replace(`${pathname}?master=${encodeURIComponent(masterId)}`, { scroll: false });
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
        <Field name="value_lists" label="Spreadsheet (.xlsx)" required className="w-full sm:max-w-md">
          <Controller
            control={control}
            name="value_lists"
            render={({ field }) => (
              <Input
                id="value_lists"
                key={chooserKey}
                type="file"
                multiple
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={formState.errors.value_lists ? true : undefined}
                aria-describedby={formState.errors.value_lists ? "value_lists-error" : undefined}
                // Spec 001 §5: several may be picked, only the first is sent.
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
          Upload
        </Button>
      </form>
    </FormProvider>
  );
}
