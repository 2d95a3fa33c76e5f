import "server-only";
import { markItemNotificationsDone } from "@/lib/admin/notifications";
import { decide, type Approval } from "@/lib/platform/approval";
import { authorize, can, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { AppError, forbidden, invalid, notFound } from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import { encodeId } from "@/lib/platform/ids";
import { withCaller } from "@/lib/platform/rls";
import type { ApiRoute } from "@/lib/api/types";
import { inboxKindInfo, inboxKinds, type InboxKind } from "./inbox";

// The inbox's decisions: a kind declared in the registry's `approvals` (lib/platform/approval.ts) is decided by the
// kernel's `decide` with that declaration (its transition, permission, `who`, reason rule, guard, audit, notifications
// and after-effects: the same as the entity's own screen and /api rows). A kind not declared yet (walk requests,
// monthly requests) goes through its own /api rows (the route table). The details read each kind's GET row.

export type Decision = "approve" | "reject";

type Call = {
  method: "POST" | "PATCH";
  path: string;
  body: (reason: string | null) => Record<string, unknown>;
};

/** Each kind's approve and reject calls (the spec's /api paths) and where its reject reason goes. */
type Calls = { approve: Call; reject: Call; reasonField: string; get: string };
const careerCalls = (k: string): Calls => ({
  approve: { method: "POST", path: `${k}/approve/:id`, body: () => ({}) },
  reject: { method: "POST", path: `${k}/reject/:id`, body: (r) => ({ rejection_reason: r ?? "" }) },
  reasonField: "rejection_reason",
  get: `${k}/:id`,
});
const CALLS: Record<InboxKind, Calls> = {
  pet_walkie_career_requests: careerCalls("pet_walkie_career_requests"),
  pet_trainer_career_requests: careerCalls("pet_trainer_career_requests"),
  daycare_career_requests: careerCalls("daycare_career_requests"),
  franchisee_career_requests: careerCalls("franchisee_career_requests"),
  franchisees: {
    approve: { method: "PATCH", path: "franchisees/:id", body: () => ({ status: 1 }) },
    reject: {
      method: "PATCH",
      path: "franchisees/:id",
      body: (r) => ({ status: 2, rejection_reason: r ?? "" }),
    },
    reasonField: "rejection_reason",
    get: "franchisees/:id",
  },
  franchisee_kyc_documents: {
    approve: { method: "PATCH", path: "franchisee_kyc_documents/:id", body: () => ({ status: 1 }) },
    reject: {
      method: "PATCH",
      path: "franchisee_kyc_documents/:id",
      body: (r) => ({ status: 2, remark: r ?? "" }),
    },
    reasonField: "remark",
    get: "franchisee_kyc_documents/:id",
  },
  user_kyc_documents: {
    approve: { method: "PATCH", path: "user_kyc_documents/:id", body: () => ({ status: 1 }) },
    reject: {
      method: "PATCH",
      path: "user_kyc_documents/:id",
      body: (r) => ({ status: 2, remark: r ?? "" }),
    },
    reasonField: "remark",
    get: "user_kyc_documents/:id",
  },
  user_monthly_job_requests: {
    approve: { method: "POST", path: "user_monthly_job_requests/approve/:id", body: () => ({}) },
    reject: {
      method: "POST",
      path: "user_monthly_job_requests/reject/:id",
      body: (r) => (r ? { remark: r } : {}),
    },
    reasonField: "remark",
    get: "user_monthly_job_requests/:id",
  },
  leave_requests: {
    approve: { method: "POST", path: "leave_requests/:id/approve-with-replacement", body: () => ({}) },
    reject: {
      method: "POST",
      path: "leave_requests/:id/reject",
      body: (r) => (r ? { admin_remarks: r } : {}),
    },
    reasonField: "admin_remarks",
    get: "leave_requests/:id",
  },
  customer_walk_requests: {
    approve: { method: "POST", path: "customer_walk_requests/:id/approve", body: () => ({}) },
    reject: {
      method: "POST",
      path: "customer_walk_requests/:id/reject",
      body: (r) => ({ admin_remarks: r ?? "" }),
    },
    reasonField: "admin_remarks",
    get: "customer_walk_requests/:id",
  },
};

/** The registry's declaration of that kind, once it has one (the registry is imported late: it loads every entity). */
export async function declarationOf(kind: string): Promise<Approval | undefined> {
  const { approvals } = await import("@/lib/registry");
  return approvals.find((a) => a.entity.name === kind);
}

/**
 * Whether a reject of that kind needs a reason: the declaration's rule for a declared kind; else the kind's own (the
 * monthly request's admin sends none: the remark is the franchisee's).
 */
export function reasonRule(ctx: Ctx, kind: InboxKind, declared?: Approval): "required" | "optional" | "none" {
  if (declared) return declared.transitions.reject?.reason ?? "none";
  if (kind === "user_monthly_job_requests") return ctx.franchiseeId != null ? "required" : "none";
  if (kind === "leave_requests") return "optional";
  return "required";
}

async function routeOf(method: string, path: string): Promise<ApiRoute> {
  const { apiRoutes } = await import("@/lib/api/routes");
  const r = apiRoutes.find((x) => x.method === method && x.path === path);
  if (!r || r.auth !== "user") throw new Error(`no /api row ${method} ${path}`);
  return r;
}

async function run(ctx: Ctx, method: string, path: string, id: number, body: Record<string, unknown>) {
  const route = await routeOf(method, path);
  if (route.auth !== "user") throw forbidden();
  if (route.permission) authorize(ctx, route.permission);
  else if (route.variants?.length && !route.variants.some((p) => can(ctx, p))) throw forbidden();
  const url = `http://inbox.local/api/${path.replace(":id", String(id))}`;
  return withCaller(ctx, () =>
    route.handler({
      ctx,
      params: { id: String(id) },
      query: new URLSearchParams(),
      body,
      files: {},
      request: new Request(url, { method }),
    }),
  );
}

function assertKind(ctx: Ctx, kind: string): InboxKind {
  const k = inboxKinds(ctx).find((x) => x === kind);
  if (!k) throw forbidden();
  return k;
}

/**
 * Approves or rejects one item through its kind's own call. A refusal is the call's own (403, 404, 409, 422); a
 * reject's field error on the kind's reason field comes back under `reason`.
 */
export async function decideItem(
  ctx: Ctx,
  kind: string,
  id: number,
  decision: Decision,
  reason: string | null = null,
): Promise<{ message: string }> {
  const k = assertKind(ctx, kind);
  const declared = await declarationOf(k);
  const text = reason?.trim() || null;
  if (decision === "reject" && reasonRule(ctx, k, declared) === "required" && !text)
    throw invalid({
      reason: declared?.reasonMessages?.required ?? "The reason is required.",
    });
  if (declared) return decideDeclared(ctx, declared, id, decision, text);
  const c = CALLS[k];
  const call = decision === "approve" ? c.approve : c.reject;
  try {
    const out = (await run(ctx, call.method, call.path, id, call.body(text))) as { message?: string } | null;
    // The item's own notifications are done (the kernel's `decide` does so in its transaction for declared kinds).
    const own = `${inboxKindInfo(k).href}/${encodeId(id)}`;
    await withCaller(ctx, async () => markItemNotificationsDone(await getDb(), ctx.companyId, [own]));
    return { message: out?.message ?? (decision === "approve" ? "Approved." : "Rejected.") };
  } catch (e) {
    if (e instanceof AppError && e.fieldErrors?.[c.reasonField])
      throw invalid({ reason: e.fieldErrors[c.reasonField], ...e.fieldErrors });
    throw e;
  }
}

/**
 * One transition of a declared kind, as the DecisionDialog sends it (the transition's name and its input: reason,
 * own fields): the kernel's `decide` with the registry's declaration. 403 for a kind the caller may not decide here,
 * 404 for a kind with no declaration yet.
 */
export async function decideTransition(
  ctx: Ctx,
  kind: string,
  id: number,
  transition: string,
  input: unknown = {},
): Promise<{ id: number; status: unknown }> {
  const a = await declarationOf(assertKind(ctx, kind));
  if (!a) throw notFound();
  const row = await decide(ctx, a, id, transition, input);
  return { id, status: row[a.field.name] };
}

/**
 * A declared kind's decision: the kernel's `decide` (which also marks the item's notifications read in its
 * transaction); the reason goes under the declaration's reason column, and its field error comes back as `reason`.
 */
async function decideDeclared(
  ctx: Ctx,
  a: Approval,
  id: number,
  decision: Decision,
  text: string | null,
): Promise<{ message: string }> {
  const tr = a.transitions[decision];
  if (!tr) throw forbidden();
  const field = a.reasonField?.name;
  const input = tr.reason && field && text != null ? { [field]: text } : {};
  try {
    await decide(ctx, a, id, decision, input);
  } catch (e) {
    if (e instanceof AppError && field && e.fieldErrors?.[field])
      throw invalid({ reason: e.fieldErrors[field], ...e.fieldErrors });
    throw e;
  }
  return { message: tr.success };
}

export type ItemDetail = {
  kind: InboxKind;
  fields: { label: string; value: string }[];
  file: { url: string; pdf: boolean; name: string } | null;
  walks: { date: string; time: string; pets: string; walker: string }[] | null;
  quota: { used: number; quota: number; remaining: number } | null;
};

const HIDDEN =
  /(^id$|_id$|_at$|_by$|password|token|path$|^is_|^deleted|^version|^walks$|^user$|^replacement_user$)/;
const label = (k: string) => k.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** The side panel's details of one item: its record's plain fields, a KYC file, a leave's walks, a reschedule's quota. */
export async function itemDetail(ctx: Ctx, kind: string, id: number): Promise<ItemDetail> {
  const k = assertKind(ctx, kind);
  const raw = (await run(ctx, "GET", CALLS[k].get, id, {}).catch(async (e) => {
    if (e instanceof Error && e.message.startsWith("no /api row")) throw notFound();
    throw e;
  })) as Record<string, unknown> | { data?: Record<string, unknown> };
  const rec = ((raw as { data?: unknown }).data ?? raw) as Record<string, unknown>;
  const fields: ItemDetail["fields"] = [];
  for (const [key, v] of Object.entries(rec)) {
    if (HIDDEN.test(key) || v == null || v === "" || typeof v === "object") continue;
    fields.push({ label: label(key), value: String(v).slice(0, 300) });
    if (fields.length >= 16) break;
  }
  const path = typeof rec.document_path === "string" ? rec.document_path : null;
  const url = fileUrl(path);
  const walks = Array.isArray(rec.walks)
    ? (rec.walks as Record<string, unknown>[]).slice(0, 50).map((w) => ({
        date: String(w.date ?? ""),
        time: String(w.timeslot ?? w.time ?? "").slice(0, 5),
        pets: Array.isArray(w.pets)
          ? (w.pets as { name?: string }[]).map((p) => p.name ?? "").join(", ")
          : String(w.pet_names ?? w.pets ?? ""),
        walker: String(w.replacement_name ?? w.walker_name ?? (w.covered ? "Covered" : "Not covered")),
      }))
    : null;
  const q = (rec.reschedule_info ?? rec.quota) as Record<string, unknown> | undefined;
  const quota =
    q && typeof q === "object"
      ? {
          used: Number(q.reschedules_used ?? 0),
          quota: Number(q.current_quota ?? 0),
          remaining: Number(q.remaining ?? 0),
        }
      : null;
  return {
    kind: k,
    fields,
    file: url
      ? { url, pdf: /\.pdf$/i.test(path ?? ""), name: String(rec.document_name ?? "Document") }
      : null,
    walks,
    quota,
  };
}
