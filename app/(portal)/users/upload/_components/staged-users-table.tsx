"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Loader2, Play, Trash2 } from "lucide-react";
import { CellText, DataTable } from "@/components/data-table";
import { settle } from "@/components/form/settle";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { discardStagedUsersAction, processStagedUsersAction } from "../actions";

/** A staged row as the preview shows it: GET crud_users' cells, and its errors named as the form names the fields. */
export type StagedUserRow = {
  id: number;
  row_no: number;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  position: string | null;
  upline_user: string | null;
  /** Column (or field) → message, as GET crud_users answers them; null when the row is ready. */
  errors: Record<string, string> | null;
  /** The same errors in column order, each with the label of its column ("First Name"); none when ready. */
  messages: { label: string | null; message: string }[];
};

type Field = Exclude<keyof StagedUserRow, "id" | "row_no" | "errors" | "messages">;

type Props = {
  rows: StagedUserRow[];
  /** The upload's columns with their labels (lib/admin/users/upload.ts), in the file's order. */
  columns: { key: Field; label: string }[];
  count: number;
  invalid: number;
  page: number;
  rowsPerPage: number;
};

/** The preview of the staged rows, each row's errors in red beside it, and the Process and Delete buttons. */
export function StagedUsersTable({ rows, columns: fields, count, invalid, page, rowsPerPage }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [pending, start] = useTransition();

  const columns: ColumnDef<StagedUserRow>[] = [
    ...fields.map(({ key, label }): ColumnDef<StagedUserRow> => ({
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

  const run = (action: typeof processStagedUsersAction | typeof discardStagedUsersAction) =>
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
          onClick={() => run(discardStagedUsersAction)}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
        <Button
          type="button"
          disabled={pending || count === 0 || invalid > 0}
          onClick={() => run(processStagedUsersAction)}
        >
          {pending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Play className="size-4" aria-hidden />
          )}
          Process
        </Button>
      </div>
    </div>
  );
}
