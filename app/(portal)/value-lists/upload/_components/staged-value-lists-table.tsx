"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Loader2, Play, Trash2 } from "lucide-react";
import { CellText, DataTable } from "@/components/data-table";
import { settle } from "@/components/form/settle";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { discardValueListUploadAction, processValueListUploadAction } from "../../actions";

/** A staged row as the preview shows it, its errors in column order with their labels. */
export type StagedValueListRow = {
  id: number;
  row_no: number;
  description: string | null;
  code: string | null;
  errors: Record<string, string> | null;
  messages: { label: string | null; message: string }[];
};

type Props = {
  masterId: string;
  rows: StagedValueListRow[];
  count: number;
  invalid: number;
  page: number;
  rowsPerPage: number;
};

/** The preview of one master's staged rows with their errors, and the Upload file (process) and Delete buttons. */
export function StagedValueListsTable({ masterId, rows, count, invalid, page, rowsPerPage }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [pending, start] = useTransition();

  const cellOf = (key: "description" | "code", header: string): ColumnDef<StagedValueListRow> => ({
    id: key,
    header,
    cell: ({ row }) => (
      <span className={row.original.errors?.[key] ? "text-destructive font-medium" : undefined}>
        <CellText text={row.original[key]} />
      </span>
    ),
  });
  const columns: ColumnDef<StagedValueListRow>[] = [
    cellOf("description", "Description"),
    cellOf("code", "Code"),
    {
      id: "errors",
      header: "Errors",
      meta: { className: "w-72 min-w-64 whitespace-normal", sticky: "right" },
      cell: ({ row }) =>
        row.original.messages.length ? (
          <ul className="text-destructive list-disc space-y-0.5 pl-4 text-sm" data-testid="row-errors">
            {row.original.messages.map((m) => (
              <li key={`${m.label}:${m.message}`} className="whitespace-normal">
                {m.label ? <span className="font-medium">{m.label}: </span> : null}
                {m.message}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-teal-700">OK</span>
        ),
    },
  ];

  const run = (action: typeof processValueListUploadAction | typeof discardValueListUploadAction) =>
    start(async () => {
      const r = await settle<{ message: string }>(() => action(masterId));
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
          onClick={() => run(discardValueListUploadAction)}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
        <Button
          type="button"
          disabled={pending || count === 0 || invalid > 0}
          onClick={() => run(processValueListUploadAction)}
        >
          {pending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Play className="size-4" aria-hidden />
          )}
          Upload file
        </Button>
      </div>
    </div>
  );
}
