"use client";
import { useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Loader2, Play, Trash2, Upload } from "lucide-react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { CellText, DataTable } from "@/components/data-table";
import { Field } from "@/components/form";
import { settle } from "@/components/form/settle";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/platform/mutations";

// The screen kit of a staged spreadsheet upload (lib/platform/staged-upload.ts): the chooser that sends the file to
// its /api upload call, and the preview of the staged rows with the process and discard buttons. The users', PJPs'
// and value lists' uploads are these two with their own paths and words.

/** Spec 000 §8 / 001 §8: the upload failure popup. */
export const UPLOAD_FAILED =
  "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...";

type UploadAnswer = {
  message?: string;
  errors?: Record<string, string[]>;
  data?: { count: number; invalid: number };
};

/**
 * The file chooser and its button: the file goes as multipart under `field` (with `extra` fields beside it) to the
 * /api upload call (the session cookie authenticates it) into the caller's staging area. The server's error on the
 * file (or on an `extra` field) shows under the chooser; the popups say the rest. Afterwards the preview starts on
 * page 1 of `returnHref` (default this page).
 */
export function StagedUploadForm({
  field,
  url,
  extra = {},
  buttonLabel = "Upload",
  returnHref,
  multiple = false,
}: {
  field: string;
  url: string;
  extra?: Record<string, string>;
  buttonLabel?: string;
  returnHref?: string;
  /** Spec 001 §5: the picker may allow several files; only the first is sent. */
  multiple?: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const dialogs = useDialogs();
  // A new key remounts the chooser: the way to empty a file input.
  const [chooserKey, setChooserKey] = useState(0);
  const form = useForm<{ file: File | null }>({ defaultValues: { file: null } });
  const { control, handleSubmit, setError, clearErrors, reset, formState } = form;

  const onSubmit = handleSubmit(async ({ file }) => {
    clearErrors();
    const body = new FormData();
    for (const [k, v] of Object.entries(extra)) body.set(k, v);
    if (file) body.set(field, file);
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", body });
    } catch {
      return dialogs.error(UPLOAD_FAILED);
    }
    const answer = (await res.json().catch(() => ({}))) as UploadAnswer;
    if (res.status === 401) return reloadAt("/auth/login");
    if (res.status === 403) return dialogs.unauthorised();
    if (!res.ok) {
      const message = [field, ...Object.keys(extra)].map((k) => answer.errors?.[k]?.[0]).find(Boolean);
      if (message) setError("file", { message });
      return dialogs.error(UPLOAD_FAILED);
    }
    reset({ file: null });
    setChooserKey((k) => k + 1);
    // Rows with errors are staged for the preview, but the upload is no success: the answer says how many.
    if (answer.data?.invalid) dialogs.error(answer.message ?? "", "Rows with errors");
    else dialogs.success(answer.message ?? "");
    router.replace(returnHref ?? pathname, { scroll: false });
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
        <Field name="file" label="Spreadsheet (.xlsx)" required className="w-full sm:max-w-md">
          <Controller
            control={control}
            name="file"
            render={({ field: f }) => (
              <Input
                id="file"
                key={chooserKey}
                type="file"
                multiple={multiple}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={formState.errors.file ? true : undefined}
                aria-describedby={formState.errors.file ? "file-error" : undefined}
                onChange={(e) => f.onChange(e.target.files?.[0] ?? null)}
                onBlur={f.onBlur}
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
          {buttonLabel}
        </Button>
      </form>
    </FormProvider>
  );
}

/** A staged row as the preview shows it: its cells by column key, its errors, and them in column order, labelled. */
export type StagedPreviewRow = {
  id: number;
  row_no: number;
  /** Column (or field) → message; null when the row is ready. */
  errors: Record<string, string> | null;
  /** The same errors in column order, each with its column's label; none when the row is ready. */
  messages: { label: string | null; message: string }[];
  [key: string]: unknown;
};

type Done = Promise<ActionResult<{ message: string }>>;

/**
 * The preview of the staged rows (each row's errors in red beside it) and its two buttons: process (every row, or
 * none while any has errors) and Delete (discard). `process` and `discard` are server actions.
 */
export function StagedRowsTable({
  rows,
  columns: fields,
  count,
  invalid,
  page,
  rowsPerPage,
  process,
  discard,
  processLabel = "Process",
}: {
  rows: StagedPreviewRow[];
  /** The upload's columns with their labels, in the file's order. */
  columns: { key: string; label: string }[];
  count: number;
  invalid: number;
  page: number;
  rowsPerPage: number;
  process: () => Done;
  discard: () => Done;
  processLabel?: string;
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [pending, start] = useTransition();

  const columns: ColumnDef<StagedPreviewRow>[] = [
    ...fields.map(({ key, label }): ColumnDef<StagedPreviewRow> => ({
      id: key,
      header: label,
      cell: ({ row }) => (
        <span className={row.original.errors?.[key] ? "text-destructive font-medium" : undefined}>
          <CellText text={row.original[key] as string | null} />
        </span>
      ),
    })),
    {
      id: "errors",
      header: "Errors",
      // Pinned at the right like a list's Action column: the reason a row is refused stays in view at 1366 px.
      meta: { className: "w-72 min-w-64 whitespace-normal", sticky: "right" },
      cell: ({ row }) => {
        const messages = row.original.messages;
        if (!messages.length) return <span className="text-teal-700">OK</span>;
        return (
          <ul className="text-destructive list-disc space-y-0.5 pl-4 text-sm" data-testid="row-errors">
            {messages.map((m) => (
              <li key={`${m.label}:${m.message}`} className="whitespace-normal">
                {m.label ? <span className="font-medium">{m.label}: </span> : null}
                {m.message}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  const run = (action: () => Done) =>
    start(async () => {
      const r = await settle<{ message: string }>(action);
      if (!r.ok) {
        if (r.status === 401) return reloadAt("/auth/login");
        if (r.status === 403) return dialogs.unauthorised();
        dialogs.error(r.message);
      } else dialogs.success(r.data.message);
      // Either way the preview changed: rows gone, or their errors checked again.
      router.refresh();
    });

  return (
    <div>
      <DataTable columns={columns} data={rows} count={count} page={page} rowsPerPage={rowsPerPage} />
      <div className="flex flex-wrap items-center justify-end gap-3 px-4 pb-4 sm:px-6">
        {invalid > 0 ? (
          <p className="text-destructive mr-auto text-sm" role="status">
            {count - invalid} {count - invalid === 1 ? "row is" : "rows are"} ready and {invalid}{" "}
            {invalid === 1 ? "row has" : "rows have"} errors. Correct the file and upload it again.
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          disabled={pending || count === 0}
          onClick={() => run(discard)}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
        <Button type="button" disabled={pending || count === 0 || invalid > 0} onClick={() => run(process)}>
          {pending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Play className="size-4" aria-hidden />
          )}
          {processLabel}
        </Button>
      </div>
    </div>
  );
}
