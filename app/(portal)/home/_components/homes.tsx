import Link from "next/link";
import {
  franchiseeHome,
  franchisorHome,
  masterHome,
  type FranchiseeHome,
  type FranchisorHome,
  type MasterHome,
} from "@/lib/admin/home-figures";
import { formatRupees } from "@/lib/format";
import type { Ctx } from "@/lib/platform/context";
import { BarCompareChart } from "@/components/charts";
import {
  FigureCard,
  FigureTable,
  FigureValue,
  HoursBefore,
  PendingList,
  Section,
  WalksTable,
  num,
  percent,
} from "./figures";

const MONEY_SERIES = [
  { key: "revenue", label: "Plan revenue", color: "#0f766e", money: true },
  { key: "refunds", label: "Refunds", color: "#b45309", money: true },
];

function Money({ money }: { money: FranchisorHome["money"] }) {
  if (!money.rows.length)
    return <p className="text-sm text-slate-600">No plan revenue or refunds yet this month.</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Plan revenue this month{" "}
        <span className="font-semibold text-slate-900 tabular-nums">{formatRupees(money.revenue)}</span>;
        refunds{" "}
        <span className="font-semibold text-slate-900 tabular-nums">{formatRupees(money.refunds)}</span>
      </p>
      <BarCompareChart
        title="Plan revenue and refunds per franchisee"
        rows={money.rows.map((r) => ({ name: r.franchisee, revenue: r.revenue, refunds: r.refunds }))}
        category="name"
        series={MONEY_SERIES}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <FigureTable
          testId="home-money"
          caption="Per franchisee"
          rows={money.rows}
          rowKey={(r) => r.franchisee_id}
          cols={[
            { label: "Franchisee", cell: (r) => r.franchisee },
            { label: "Zone", text: true, cell: (r) => r.zone ?? "—" },
            {
              label: "Revenue",
              cell: (r) => (
                <FigureValue
                  money
                  figure={{ label: `${r.franchisee} plan revenue`, value: r.revenue, href: r.href }}
                />
              ),
            },
            { label: "Refunds", cell: (r) => formatRupees(r.refunds) },
          ]}
        />
        <FigureTable
          caption="Per zone"
          rows={money.byZone.slice(0, 12)}
          rowKey={(z) => z.zone}
          cols={[
            { label: "Zone", cell: (z) => z.zone },
            { label: "Revenue", cell: (z) => formatRupees(z.revenue) },
            { label: "Refunds", cell: (z) => formatRupees(z.refunds) },
          ]}
        />
      </div>
    </div>
  );
}

function Punctuality({ p }: { p: FranchisorHome["punctuality"] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-600">Completed today</dt>
        <dd className="text-xl font-semibold text-slate-900 tabular-nums">
          {percent(p.completed, p.due)}{" "}
          <span className="text-sm font-normal text-slate-600">
            ({num(p.completed)} of {num(p.due)})
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Begun late (15+ min)</dt>
        <dd className="text-xl font-semibold text-slate-900 tabular-nums">
          {percent(p.late, p.begun)}{" "}
          <span className="text-sm font-normal text-slate-600">
            ({num(p.late)} of {num(p.begun)})
          </span>
        </dd>
      </div>
    </dl>
  );
}

export async function FranchisorHomeView({ ctx }: { ctx: Ctx }) {
  const h = await franchisorHome(ctx);
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
      <div className="min-w-0 space-y-4 xl:col-span-2">
        <Section title="Walks" id="home-walks-title">
          <WalksTable periods={h.walks} />
          <div className="mt-4 border-t border-slate-100 pt-3">
            <Punctuality p={h.punctuality} />
          </div>
        </Section>
        <Section title="Plan revenue and refunds" id="home-money-title">
          <Money money={h.money} />
        </Section>
      </div>
      <div className="space-y-4">
        <Section title="Pending approvals" id="home-pending-title">
          <PendingList pending={h.pending} />
        </Section>
        <FigureCard figure={h.kyc} tone="warn" />
      </div>
    </div>
  );
}

function Walkers({ walkers }: { walkers: FranchiseeHome["walkers"] }) {
  if (!walkers.length) return <p className="text-sm text-slate-600">No walks today.</p>;
  return (
    <FigureTable
      testId="home-walkers"
      rows={walkers}
      rowKey={(w) => w.walker_id ?? "none"}
      cols={[
        {
          label: "Walker",
          cell: (w) => w.walker,
          tone: (w) => (w.walker_id ? "" : "font-medium text-red-800"),
        },
        {
          label: "Walks",
          cell: (w) => (
            <FigureValue figure={{ label: `${w.walker}'s walks today`, value: w.planned, href: w.href }} />
          ),
        },
        { label: "Not started", cell: (w) => w.not_started },
        { label: "Started", cell: (w) => w.started },
        { label: "Completed", cell: (w) => w.completed },
      ]}
    />
  );
}

export async function FranchiseeHomeView({ ctx }: { ctx: Ctx }) {
  const h = await franchiseeHome(ctx);
  const today = h.walks[0];
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard figure={{ ...today.uncovered, label: "Uncovered walks today" }} tone="warn" />
        <FigureCard figure={h.pendingLeave} tone="warn" />
        <FigureCard figure={h.monthlyWaiting} tone="warn" />
        <FigureCard figure={h.walkRequests} tone="warn" />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="min-w-0 space-y-4 xl:col-span-2">
          <Section title="Today's walks by walker" id="home-walkers-title">
            <Walkers walkers={h.walkers} />
          </Section>
          <Section title="Walks" id="home-walks-title">
            <WalksTable periods={h.walks} />
          </Section>
        </div>
        <div className="min-w-0 space-y-4">
          <Section
            title="Customer requests"
            id="home-requests-title"
            action={
              h.walkRequests.href ? (
                <Link
                  href={h.walkRequests.href}
                  className="text-sm font-medium text-teal-800 hover:underline"
                >
                  All
                </Link>
              ) : null
            }
          >
            {h.waiting.length ? (
              <ul className="divide-y divide-slate-100 text-sm" data-testid="home-waiting">
                {h.waiting.map((r) => (
                  <li key={r.id} className="flex items-center justify-between gap-2 py-2">
                    <Link href={r.href} className="min-w-0 hover:underline">
                      <span className="block truncate font-medium text-slate-900">{r.customer}</span>
                      <span className="block truncate text-xs text-slate-600">{r.summary}</span>
                    </Link>
                    <HoursBefore hours={r.hours_before_walk} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No customer request is waiting.</p>
            )}
          </Section>
          <Section title="Pending approvals" id="home-pending-title">
            <PendingList pending={h.pending} />
          </Section>
        </div>
      </div>
    </div>
  );
}

const WALK_SERIES = [
  { key: "completed", label: "Completed", color: "#0f766e" },
  { key: "remaining", label: "Not yet done", color: "#94a3b8" },
  { key: "unassigned", label: "Without a walker", color: "#b91c1c" },
];

function Lines({ h }: { h: MasterHome }) {
  if (!h.franchisees.length)
    return <p className="text-sm text-slate-600">No franchisee in your zones yet.</p>;
  return (
    <FigureTable
      testId="home-franchisees"
      rows={h.franchisees}
      rowKey={(f) => f.franchisee_id}
      cols={[
        { label: "Franchisee", cell: (f) => f.franchisee },
        { label: "Zone", text: true, cell: (f) => f.zone ?? "—" },
        { label: "Walks today", cell: (f) => f.planned },
        { label: "Completed", cell: (f) => f.completed },
        {
          label: "No walker",
          cell: (f) => f.unassigned,
          tone: (f) => (f.unassigned ? "font-semibold text-red-800" : ""),
        },
        { label: "Pending leave", cell: (f) => f.leave },
        {
          label: "Monthly pending",
          cell: (f) => (
            <FigureValue
              figure={{ label: `${f.franchisee} monthly requests pending`, value: f.monthly, href: f.href }}
            />
          ),
        },
        { label: "Customer requests", cell: (f) => f.requests },
      ]}
      note={
        h.more ? (
          <p className="mt-2 text-xs text-slate-600">The first 50 franchisees of your zones, by name.</p>
        ) : null
      }
    />
  );
}

export async function MasterHomeView({ ctx }: { ctx: Ctx }) {
  const h = await masterHome(ctx);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="min-w-0 space-y-4 xl:col-span-2">
          <Section title="Walks in your zones" id="home-walks-title">
            <WalksTable periods={h.walks} />
          </Section>
        </div>
        <div className="min-w-0 space-y-4">
          <Section title="Pending approvals" id="home-pending-title">
            <PendingList pending={h.pending} />
          </Section>
          <FigureCard figure={h.kyc} tone="warn" />
        </div>
      </div>
      <Section title="Franchisee by franchisee, today" id="home-lines-title">
        {h.franchisees.length > 1 ? (
          <BarCompareChart
            title="Today's walks per franchisee"
            rows={h.franchisees.slice(0, 12).map((f) => ({
              name: f.franchisee,
              completed: f.completed,
              remaining: Math.max(0, f.planned - f.completed - f.unassigned),
              unassigned: f.unassigned,
            }))}
            category="name"
            series={WALK_SERIES}
          />
        ) : null}
        <Lines h={h} />
      </Section>
    </div>
  );
}
