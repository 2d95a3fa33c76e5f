import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatDateTime, formatTimeOfDay } from "@/lib/format";
import type { WalkReport } from "@/lib/jobs/customer-page";
import { withIst } from "@/components/ist";

/** A section of the customer page: a card with its title, an action (Add) and a link to the full list when more. */
export function Section({
  title,
  action,
  more,
  empty,
  count,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** The full list's link when the section shows only the latest rows. */
  more?: { href?: string; label: string } | null;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    // min-w-0: a wide table scrolls inside its card instead of widening the page (a phone).
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {action ? <CardAction>{action}</CardAction> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {count === 0 ? <p className="text-muted-foreground text-sm">{empty}</p> : children}
        {more ? (
          <p className="text-muted-foreground text-sm">
            {more.href ? (
              <Link className="underline underline-offset-4" href={more.href}>
                {more.label}
              </Link>
            ) : (
              more.label
            )}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A simple table of rows: headers, then each row's cells. */
export function SimpleTable({
  headers,
  rows,
}: {
  headers: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
}) {
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            {headers.map((h) => (
              <TableHead key={h}>{h}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {r.cells.map((c, i) => (
                <TableCell key={i} className="align-top whitespace-normal">
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

const STATUS_VARIANT: Record<string, "success" | "danger" | "muted" | "secondary" | "outline"> = {
  Completed: "success",
  Approved: "success",
  approved: "success",
  Cancelled: "danger",
  Rejected: "danger",
  rejected: "danger",
  Pending: "muted",
  pending: "muted",
  Started: "secondary",
};

export function StatusBadge({ label }: { label: string }) {
  return <Badge variant={STATUS_VARIANT[label] ?? "outline"}>{label}</Badge>;
}

/** HH:MM (24 h) as the portal's hh:mm A. */
export const time12 = formatTimeOfDay;

/** A completed walk's report card: times, duration, distance, calories, note, photos, rating and feedback. */
export function ReportCard({ report }: { report: WalkReport }) {
  const facts: [string, React.ReactNode][] = [
    ["Started", withIst(formatDateTime(report.started_at))],
    ["Completed", withIst(formatDateTime(report.completed_at))],
    ["Duration", report.duration_minutes != null ? `${report.duration_minutes} min` : ""],
    ["Distance", report.distance_covered != null ? `${report.distance_covered} km` : ""],
    ["Calories", report.calories_burnt != null ? `${report.calories_burnt} kcal` : ""],
    [
      "Rating",
      report.rating != null ? `${"★".repeat(report.rating)}${"☆".repeat(5 - report.rating)}` : "Not rated",
    ],
  ];
  // The end selfie is the first photo: each picture once.
  const photos = [
    ...new Set([
      ...report.photo_urls,
      ...(report.start_selfie_url ? [report.start_selfie_url] : []),
      ...(report.end_selfie_url ? [report.end_selfie_url] : []),
    ]),
  ];
  return (
    <div className="bg-muted/40 space-y-2 rounded-md border p-3 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-3">
        {facts.map(([k, v]) => (
          <div key={k} className="flex gap-1">
            <dt className="text-muted-foreground">{k}:</dt>
            <dd>{v || "—"}</dd>
          </div>
        ))}
      </dl>
      {report.note ? <p>{report.note}</p> : null}
      {report.feedback ? <p className="text-muted-foreground italic">“{report.feedback}”</p> : null}
      {photos.length ? (
        <div className="flex flex-wrap gap-2">
          {photos.map((url) => (
            <a key={url} href={url} target="_blank" rel="noreferrer">
              {/* eslint-disable-next-line @next/next/no-img-element -- served by the authorised file route */}
              <img
                src={url}
                alt="Walk photo"
                loading="lazy"
                className="size-16 rounded border object-cover"
              />
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export const date = (d: string | null | undefined) => formatDate(d);
