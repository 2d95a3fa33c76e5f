"use client";
import { useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Loader2, Pencil, Plus, Save, Trash2 } from "lucide-react";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { deleteValueListAction, saveValueListsAction } from "../actions";

/** Spec 001 §5 and §8, word for word. */
const TEXTS = {
  descriptionRequired: "this description field is required",
  codeRequired: "this code field is required",
  confirmDelete: "Are you sure you want to delete the data",
} as const;

export type SavedRow = { id: string; description: string; code: string; is_active: number };
type Row = { key: string; id: string | null; description: string; code: string };
type Errors = Record<string, { description?: string; code?: string; id?: string }>;

let seq = 0;
const fresh = (): Row => ({ key: `new-${++seq}`, id: null, description: "", code: "" });
const fromSaved = (rows: SavedRow[]): Row[] =>
  rows.map((r) => ({ key: r.id, id: r.id, description: r.description, code: r.code }));
const blank = (s: string) => s.trim() === "";

/**
 * The inline table of one master (spec 001 §2 List of Masters): Description and Code in upper case while typing,
 * a delete button per row (a new row goes at once; a saved one after 'Are you sure you want to delete the data'),
 * Add New Row, and Save, which sends every row in one call. A row with both fields blank is dropped; a row with one
 * of them blank shows the spec's text under it; the server's errors come back under the row they name.
 */
export function ValueListTable({
  masterId,
  initial,
  may,
}: {
  masterId: string;
  initial: SavedRow[];
  may: { save: boolean; delete: boolean; edit: boolean };
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [rows, setRows] = useState<Row[]>(() => (initial.length ? fromSaved(initial) : [fresh()]));
  const [errors, setErrors] = useState<Errors>({});
  const [asking, setAsking] = useState<Row | null>(null);
  const [pending, start] = useTransition();

  const change = (key: string, field: "description" | "code", value: string) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value.toUpperCase() } : r)));
    setErrors((e) => (e[key]?.[field] ? { ...e, [key]: { ...e[key], [field]: undefined } } : e));
  };

  const remove = (row: Row) => {
    if (!row.id) return setRows((rs) => rs.filter((r) => r.key !== row.key));
    setAsking(row);
  };

  const confirmDelete = (row: Row) =>
    start(async () => {
      const r = await settle(() => deleteValueListAction(row.id!));
      setAsking(null);
      if (!r.ok) return reportFailure(dialogs, r);
      setRows((rs) => rs.filter((x) => x.key !== row.key));
      dialogs.success("Value List deleted successfully.");
      router.refresh();
    });

  const saveAll = () => {
    // The client's own rule: one of the two blank is an error; both blank, the row is dropped.
    const local: Errors = {};
    for (const r of rows) {
      if (blank(r.description) && blank(r.code)) continue;
      if (blank(r.description)) local[r.key] = { ...local[r.key], description: TEXTS.descriptionRequired };
      if (blank(r.code)) local[r.key] = { ...local[r.key], code: TEXTS.codeRequired };
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    const sent = rows.filter((r) => !(blank(r.description) && blank(r.code)));
    start(async () => {
      const r = await settle(() =>
        saveValueListsAction(
          masterId,
          sent.map(({ id, description, code }) => ({ id, description, code })),
        ),
      );
      if (!r.ok) {
        if (r.status === 422 && r.fieldErrors) {
          const byRow: Errors = {};
          for (const [k, message] of Object.entries(r.fieldErrors)) {
            const m = /^datas\.(\d+)\.(description|code|id)$/.exec(k);
            const row = m ? sent[Number(m[1])] : undefined;
            if (row) byRow[row.key] = { ...byRow[row.key], [m![2]]: message };
          }
          setErrors(byRow);
          if (Object.keys(byRow).length) return;
        }
        return reportFailure(dialogs, r);
      }
      const saved = r.data as SavedRow[];
      setRows(saved.length ? fromSaved(saved) : [fresh()]);
      dialogs.success("Value List updated successfully.");
      router.refresh();
    });
  };

  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Sr No</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Code</TableHead>
              <TableHead className="w-px">Action</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r, i) => {
              const e = errors[r.key] ?? {};
              return (
                <TableRow key={r.key} data-testid="value-list-row">
                  <TableCell className="tabular-nums">{i + 1}</TableCell>
                  {(["description", "code"] as const).map((f) => (
                    <TableCell key={f} className="align-top">
                      <Input
                        aria-label={`${f === "description" ? "Description" : "Code"} of row ${i + 1}`}
                        value={r[f]}
                        disabled={!may.save || pending}
                        aria-invalid={e[f] ? true : undefined}
                        onChange={(ev) => change(r.key, f, ev.target.value)}
                      />
                      {e[f] ? (
                        <p role="alert" className="text-destructive mt-1 text-sm">
                          {e[f]}
                        </p>
                      ) : null}
                      {f === "code" && e.id ? (
                        <p role="alert" className="text-destructive mt-1 text-sm">
                          {e.id}
                        </p>
                      ) : null}
                    </TableCell>
                  ))}
                  <TableCell className="align-top">
                    <div className="flex items-center gap-1">
                      {r.id && may.edit ? (
                        <Button variant="ghost" size="icon" asChild>
                          <Link href={`/value-lists/${r.id}`} aria-label={`Edit row ${i + 1}`}>
                            <Pencil className="size-4" aria-hidden />
                          </Link>
                        </Button>
                      ) : null}
                      {!r.id || may.delete ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="text-red-600 hover:text-red-700"
                          aria-label={`Delete row ${i + 1}`}
                          disabled={pending}
                          onClick={() => remove(r)}
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </Button>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground text-center">
                  No data found
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
      {may.save ? (
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            onClick={() => setRows((rs) => [...rs, fresh()])}
          >
            <Plus className="size-4" aria-hidden />
            Add New Row
          </Button>
          <Button type="button" disabled={pending} onClick={saveAll}>
            {pending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Save className="size-4" aria-hidden />
            )}
            Save
          </Button>
        </div>
      ) : null}
      <AlertDialog open={!!asking} onOpenChange={(open) => !open && !pending && setAsking(null)}>
        <AlertDialogContent data-testid="confirm-delete">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete row?</AlertDialogTitle>
            <AlertDialogDescription>{TEXTS.confirmDelete}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>No</AlertDialogCancel>
            <AlertDialogAction
              disabled={pending}
              className="bg-red-600 text-white hover:bg-red-700"
              onClick={(e) => {
                e.preventDefault();
                if (asking) confirmDelete(asking);
              }}
            >
              Yes
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
