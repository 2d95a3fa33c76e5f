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

/** A staged row as GET crud_users answers it. */
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
  errors: Record<string, string> | null;
};

type Field = Exclude<keyof StagedUserRow, "id" | "row_no" | "errors">;

const FIELDS: [Field, string][] = [
  ["first_name", "First Name"],
  ["middle_name", "Middle Name"],
  ["last_name", "Last Name"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["position", "Position"],
  ["upline_user", "Upline User"],
];

type Props = { rows: StagedUserRow[]; count: number; invalid: number; page: number; rowsPerPage: number };

/** The preview of the staged rows, each row's errors in red beside it, and the Process and Delete buttons. */
export function StagedUsersTable({ rows, count, invalid, page, rowsPerPage }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [pending, start] = useTransition();

  const columns: ColumnDef<StagedUserRow>[] = [
    ...FIELDS.map(([key, header]): ColumnDef<StagedUserRow> => ({
      id: key,
      header,
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
      meta: { className: "min-w-64" },
      cell: ({ row }) => {
        const errors = Object.values(row.original.errors ?? {});
        if (!errors.length) return <span className="text-teal-700">OK</span>;
        return (
          <ul className="text-destructive list-disc space-y-0.5 pl-4 text-sm" data-testid="row-errors">
            {errors.map((m) => (
              <li key={m}>{m}</li>
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
            {invalid} {invalid === 1 ? "row has" : "rows have"} errors. Correct the file and upload it again.
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
