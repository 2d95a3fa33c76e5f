"use client";
import { useEffect, useState } from "react";
import { ArrowLeftRight, Loader2, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { StatusChip } from "@/components/data-table/status-chip";
import { settle } from "@/components/form/settle";
import { reloadAt, reportFailure, useDialogs } from "./dialogs";
import { searchCompaniesAction, switchCompanyAction, type CompanyChoice } from "./shell-actions";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `admin`: a platform admin picks any company to act as Admin; `member`: a user picks among their own companies. */
  mode?: "admin" | "member";
  /** The first page of companies when the caller already has it (shown at once, not fetched again). */
  initial?: CompanyChoice[];
};

/**
 * The BACKEND ADMIN's company picker (spec 000 §2.4): search, a table of companies and a Select button.
 * Selecting stores the company (server cookie) and reloads the app at the login path, which leads home. A user
 * who belongs to several companies (a MASTER FRANCHISEE) gets the same picker over their own companies.
 */
export function CompanyPicker({ open, onOpenChange, mode = "admin", initial }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          className="flex max-h-[90svh] flex-col gap-4 sm:max-w-3xl"
          data-testid="company-picker"
        >
          <DialogHeader>
            <DialogTitle>Select Company</DialogTitle>
            <DialogDescription>
              {mode === "admin"
                ? "Choose the company you want to work on as Admin."
                : "Choose the company you want to work on."}
            </DialogDescription>
          </DialogHeader>
          <PickerBody initial={initial} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type Load =
  { state: "loading" } | { state: "ready"; rows: CompanyChoice[] } | { state: "failed"; message: string };

function PickerBody({ initial }: { initial?: CompanyChoice[] }) {
  const dialogs = useDialogs();
  const [search, setSearch] = useState("");
  const [load, setLoad] = useState<Load>(initial ? { state: "ready", rows: initial } : { state: "loading" });
  const [choosing, setChoosing] = useState<string | null>(null);

  const fetchRows = async (term: string) => {
    const r = await settle(() => searchCompaniesAction(term));
    if (!r.ok) {
      reportFailure(dialogs, r);
      return setLoad({ state: "failed", message: r.message });
    }
    setLoad({ state: "ready", rows: r.data });
  };

  // The first page of companies when the dialog opens (unless the opener already has it).
  useEffect(() => {
    if (initial) return;
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
  }, [initial]);

  const choose = async (id: string) => {
    setChoosing(id);
    const r = await settle(() => switchCompanyAction(id));
    // A full reload at the login path: the proxy leads a signed-in user home, now acting for the company.
    if (r.ok) return reloadAt("/login");
    setChoosing(null);
    reportFailure(dialogs, r);
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
                    {c.current ? (
                      <Button type="button" size="sm" variant="outline" disabled>
                        Current
                      </Button>
                    ) : (
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
                    )}
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

/**
 * The company switch of a user who belongs to several companies (a MASTER FRANCHISEE overseeing two: issue 7): a
 * button that opens the picker over their own companies, switching like a BACKEND ADMIN does. The top bar shows it
 * to everyone but platform admins (they have the Admin switch); it asks the server once for the caller's companies
 * (the picker shows them at once) and renders nothing unless there are several.
 */
export function MemberCompanySwitch() {
  const [rows, setRows] = useState<CompanyChoice[] | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    searchCompaniesAction("")
      .then((r) => live && r.ok && r.data.length > 1 && setRows(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!rows) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="shrink-0 gap-1.5"
        onClick={() => setOpen(true)}
        data-testid="company-switch"
      >
        <ArrowLeftRight className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">Switch Company</span>
      </Button>
      <CompanyPicker open={open} onOpenChange={setOpen} mode="member" initial={rows} />
    </>
  );
}
