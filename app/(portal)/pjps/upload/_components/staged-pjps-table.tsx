"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Loader2, Trash2, Upload } from "lucide-react";
import { CellText, DataTable } from "@/components/data-table";
import { settle } from "@/components/form/settle";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { discardStagedPjpsAction, processStagedPjpsAction } from "../actions";

type Cells = {
  name: string | null;
  location: string | null;
  date: string | null;
  description: string | null;
  user_name: string | null;
  outlet_name: string | null;
  is_outlet_visited: string | null;
};

/** A staged row as the preview shows it: GET crud_pjps' cells and errors, and the errors labelled by column. */
export type StagedPjpRow = Cells & {
  id: number;
  row_no: number;
  errors: Record<string, string> | null;
  messages: { label: string | null; message: string }[];
};

type Props = {
  rows: StagedPjpRow[];
  columns: { key: keyof Cells; label: string }[];
  count: number;
  invalid: number;
  page: number;
  rowsPerPage: number;
};

/**
 * The preview (Name, Location, Date, Description, User Name, Outlet Name, Is Outlet Visited), each row's errors
 * beside it, and the spec's buttons: 'Upload file' processes every row into PJPs (or none while any row has
 * errors), 'Delete' discards them.
 */
export function StagedPjpsTable({ rows, columns: fields, count, invalid, page, rowsPerPage }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [pending, start] = useTransition();

  const columns: ColumnDef<StagedPjpRow>[] = [
    ...fields.map(({ key, label }): ColumnDef<StagedPjpRow> => ({
      id: key,
      header: label,
      cell: ({ row }) => {
        const bad = row.original.errors?.[key];
        return (
          <span className={bad ? "text-destructive font-medium" : undefined}>
            <CellText text={row.original[key]} />
          </span>
        );
      },
    })),
    {
      id: "errors",
      header: "Errors",
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

  const run = (action: typeof processStagedPjpsAction | typeof discardStagedPjpsAction) =>
    start(async () => {
      const r = await settle<{ message: string }>(action);
      if (!r.ok) {
        if (r.status === 401) return reloadAt("/auth/login");
        if (r.status === 403) return dialogs.unauthorised();
        dialogs.error(r.message);
      } else dialogs.success(r.data.message);
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
          onClick={() => run(discardStagedPjpsAction)}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
        <Button
          type="button"
          disabled={pending || count === 0 || invalid > 0}
          onClick={() => run(processStagedPjpsAction)}
        >
          {pending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Upload className="size-4" aria-hidden />
          )}
          Upload file
        </Button>
      </div>
    </div>
  );
}
