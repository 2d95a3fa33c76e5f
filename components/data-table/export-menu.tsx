"use client";
import { useTransition } from "react";
import { ChevronDown, Download, FileSpreadsheet, FileText, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import type { ExportAction } from "./list-toolbar";

/**
 * The list's Export: a small menu of the formats (Excel or CSV). Each asks the server action for a download link
 * of the list as filtered, searched and sorted now (`format` rides in the signed link) and opens it.
 */
export function ExportMenu({ action, params }: { action: ExportAction; params: URLSearchParams }) {
  const dialogs = useDialogs();
  const [pending, start] = useTransition();
  const run = (format: "xlsx" | "csv") =>
    start(async () => {
      const current = { ...Object.fromEntries(params.entries()), format };
      const r = await settle(() => action(current));
      if (!r.ok) return reportFailure(dialogs, r);
      // Opened after the answer: a blocked pop-up falls back to this tab (the link is a download).
      const w = window.open(r.data.url, "_blank");
      if (w) w.opener = null;
      else window.location.assign(r.data.url);
    });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" disabled={pending}>
          {pending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Download className="size-4" aria-hidden />
          )}
          Export
          <ChevronDown className="size-4 opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => run("xlsx")}>
          <FileSpreadsheet aria-hidden /> Excel (.xlsx)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => run("csv")}>
          <FileText aria-hidden /> CSV (.csv)
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
