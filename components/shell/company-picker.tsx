"use client";
import { useEffect, useState } from "react";
import { Loader2, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { StatusChip } from "@/components/data-table/status-chip";
import { reloadAt, reportFailure, useDialogs } from "./dialogs";
import { searchCompaniesAction, switchCompanyAction, type CompanyChoice } from "./shell-actions";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The BACKEND ADMIN's company picker (spec 000 §2.4): search, a table of companies and a Select button.
 * Selecting stores the company (server cookie) and reloads the app at the login path, which leads home.
 */
export function CompanyPicker({ open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          className="flex max-h-[90svh] flex-col gap-4 sm:max-w-3xl"
          data-testid="company-picker"
        >
          <DialogHeader>
            <DialogTitle>Select Company</DialogTitle>
            <DialogDescription>Choose the company you want to work on as Admin.</DialogDescription>
          </DialogHeader>
          <PickerBody />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type Load =
  { state: "loading" } | { state: "ready"; rows: CompanyChoice[] } | { state: "failed"; message: string };

function PickerBody() {
  const dialogs = useDialogs();
  const [search, setSearch] = useState("");
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [choosing, setChoosing] = useState<string | null>(null);

  const fetchRows = async (term: string) => {
    const r = await searchCompaniesAction(term).catch(() => null);
    if (!r) return setLoad({ state: "failed", message: "Something went wrong. Please try again." });
    if (!r.ok) {
      reportFailure(dialogs, r);
      return setLoad({ state: "failed", message: r.message });
    }
    setLoad({ state: "ready", rows: r.data });
  };

  // The first page of companies when the dialog opens.
  useEffect(() => {
    let live = true;
    searchCompaniesAction("")
      .then((r) => {
        if (!live) return;
        setLoad(r.ok ? { state: "ready", rows: r.data } : { state: "failed", message: r.message });
      })
      .catch(() => live && setLoad({ state: "failed", message: "Something went wrong. Please try again." }));
    return () => {
      live = false;
    };
  }, []);

  const choose = async (id: string) => {
    setChoosing(id);
    const r = await switchCompanyAction(id).catch(() => null);
    // A full reload at the login path: the proxy leads a signed-in user home, now acting for the company.
    if (r?.ok) return reloadAt("/login");
    setChoosing(null);
    if (!r) dialogs.error("Something went wrong. Please try again.");
    else reportFailure(dialogs, r);
  };

  return (
    <>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search companies"
          placeholder="Search by name, email or admin name"
          className="pl-8"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            if (e.target.value === "") {
              setLoad({ state: "loading" });
              void fetchRows("");
            }
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            setLoad({ state: "loading" });
            void fetchRows(search);
          }}
        />
      </div>
      <div className="min-h-40 overflow-auto rounded-lg border border-slate-200">
        <Table>
          <TableHeader className="bg-slate-50">
            <TableRow className="hover:bg-transparent">
              {["Status", "Name", "Email", "Admin Name", "Action"].map((h) => (
                <TableHead
                  key={h}
                  className="text-xs font-semibold whitespace-nowrap text-slate-600 uppercase"
                >
                  {h}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {load.state === "loading" ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={5} className="h-24 text-center text-slate-500">
                  <Loader2 className="mx-auto size-5 animate-spin text-teal-600" aria-label="Loading" />
                </TableCell>
              </TableRow>
            ) : load.state === "failed" ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={5} className="h-24 text-center text-red-600">
                  {load.message}
                </TableCell>
              </TableRow>
            ) : load.rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={5} className="h-24 text-center text-slate-500">
                  No data found
                </TableCell>
              </TableRow>
            ) : (
              load.rows.map((c) => (
                <TableRow key={c.id} className="even:bg-slate-50/80">
                  <TableCell>
                    <StatusChip active={c.is_active} />
                  </TableCell>
                  <TableCell className="font-medium">{c.name}</TableCell>
                  <TableCell className="break-all">{c.email}</TableCell>
                  <TableCell>{c.admin_name ?? ""}</TableCell>
                  <TableCell>
                    <Button
                      type="button"
                      size="sm"
                      onClick={() => void choose(c.id)}
                      disabled={choosing != null}
                      aria-label={`Select ${c.name}`}
                    >
                      {choosing === c.id ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                      Select
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
