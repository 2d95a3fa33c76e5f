"use client";
import { useState, useTransition } from "react";
import { Loader2 } from "lucide-react";
import { CellText } from "@/components/data-table";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { loadAuditHistoryAction } from "./actions";
import type { AuditEntryView } from "./format";

type Props = {
  entity: string;
  /** The record's opaque id. */
  entityId: string;
  initial: AuditEntryView[];
  count: number;
};

/** Values longer than this are cut, the whole value in a tooltip. */
const VALUE_MAX = 60;

/** The history's entries, newest first; 'Show more' appends the next page from the server. */
export function AuditEntries({ entity, entityId, initial, count: initialCount }: Props) {
  const dialogs = useDialogs();
  const [entries, setEntries] = useState(initial);
  const [count, setCount] = useState(initialCount);
  const [page, setPage] = useState(1);
  const [pending, start] = useTransition();

  const more = () =>
    start(async () => {
      const r = await settle(() => loadAuditHistoryAction(entity, entityId, page + 1));
      if (!r.ok) return reportFailure(dialogs, r);
      // Entries written since the first load shift the pages; skip any already shown.
      setEntries((shown) => [...shown, ...r.data.entries.filter((e) => !shown.some((s) => s.id === e.id))]);
      setCount(r.data.count);
      setPage(page + 1);
    });

  if (entries.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No data found</p>;

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex flex-col gap-5">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-200" data-testid="audit-entry">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm">
              <p>
                <span className="font-semibold text-slate-900">{e.action}</span>
                <span className="text-slate-600"> by {e.actor}</span>
              </p>
              <span className="text-xs text-slate-500 tabular-nums">{e.when}</span>
            </div>
            {e.changes.length === 0 ? (
              <p className="px-4 py-3 text-sm text-slate-500">No field changes</p>
            ) : (
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead className="w-1/4 px-4 text-xs font-semibold text-slate-600 uppercase">
                        Field
                      </TableHead>
                      <TableHead className="px-4 text-xs font-semibold text-slate-600 uppercase">
                        Before
                      </TableHead>
                      <TableHead className="px-4 text-xs font-semibold text-slate-600 uppercase">
                        After
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {e.changes.map((c) => (
                      <TableRow key={c.field}>
                        <TableCell className="px-4 align-top font-medium text-slate-700">{c.field}</TableCell>
                        <TableCell className="px-4 align-top whitespace-pre-line text-slate-500">
                          <CellText text={c.before} max={VALUE_MAX} />
                        </TableCell>
                        <TableCell className="px-4 align-top whitespace-pre-line text-slate-900">
                          <CellText text={c.after} max={VALUE_MAX} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
        <span>
          Showing {entries.length} of {count}
        </span>
        {entries.length < count ? (
          <Button type="button" variant="outline" onClick={more} disabled={pending}>
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Show more
          </Button>
        ) : null}
      </div>
    </div>
  );
}
