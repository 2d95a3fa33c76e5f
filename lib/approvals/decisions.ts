import "server-only";
import { allowedTransitions, decide, type Approval } from "@/lib/platform/approval";
import { authorize, can, type Ctx } from "@/lib/platform/context";
import { AppError, forbidden, invalid, notFound } from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import { decodeId } from "@/lib/platform/ids";
import { withCaller } from "@/lib/platform/rls";
import type { ApiRoute } from "@/lib/api/types";
import { inboxKinds, type InboxKind } from "./inbox";

// The inbox's decisions: every kind is declared in the registry's `approvals` (lib/platform/approval.ts) and decided
// by the kernel's `decide` with the caller's declaration of it (its transition, permission, `who`, reason rule,
// guard, audit, notifications and after-effects: the same as the entity's own screen and /api rows). A two-step
// workflow (monthly requests) has a declaration per step: the caller's is the one whose transitions they may take.
// The side panel's details read each kind's own GET /api row.

export type Decision = "approve" | "reject";

/** Each kind's GET row, `<kind>/:id` (the record as its /api answers it: a leave's walks, a reschedule's quota). */
const getPathOf = (k: InboxKind) => `${k}/:id`;

/**
 * The caller's declaration of that kind: among the registry's declarations of the entity, the one whose transitions
 * they may take (a FRANCHISEE ADMIN's monthly step, an approver's), else its first (whose decide then answers 403).
 * The registry is imported late: it loads every entity.
 */
export async function declarationOf(kind: string, ctx?: Ctx): Promise<Approval | undefined> {
  const { approvals } = await import("@/lib/registry");
  const theirs = approvals.filter((a) => a.entity.name === kind);
  return (ctx && theirs.find((a) => allowedTransitions(ctx, a).length > 0)) || theirs[0];
}

/** Whether a reject of that kind needs a reason, by the caller's declaration. */
export function reasonRule(ctx: Ctx, a: Approval | undefined): "required" | "optional" | "none" {
  return a?.transitions.reject?.reason ?? "none";
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
 * Approves or rejects one item through the caller's declaration of its kind (the keyboard's a/r, the bulk). A
 * refusal is the kernel's (403, 404, 409, 422); a reject's field error on the reason column comes back as `reason`.
 */
export async function decideItem(
  ctx: Ctx,
  kind: string,
  id: number,
  decision: Decision,
  reason: string | null = null,
): Promise<{ message: string }> {
  const a = await declarationOf(assertKind(ctx, kind), ctx);
  if (!a) throw notFound();
  const text = reason?.trim() || null;
  if (decision === "reject" && reasonRule(ctx, a) === "required" && !text)
    throw invalid({ reason: a.reasonMessages?.required ?? "The reason is required." });
  return decideDeclared(ctx, a, id, decision, text);
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
  const a = await declarationOf(assertKind(ctx, kind), ctx);
  if (!a) throw notFound();
  const row = await decide(ctx, a, id, transition, withIdsDecoded(a, transition, input));
  return { id, status: row[a.field.name] };
}

/**
 * The dialog's input with the transition's id fields (its input schema's `*_id` keys: a walker, a replacement)
 * decoded from the portal's opaque ids, as the entity's own action does; a value that is not one is left for the
 * schema to refuse (422 under the field).
 */
function withIdsDecoded(a: Approval, transition: string, input: unknown): unknown {
  const shape = Object.hasOwn(a.transitions, transition) ? a.transitions[transition].input : undefined;
  if (!shape || input == null || typeof input !== "object") return input;
  const out = { ...(input as Record<string, unknown>) };
  for (const k of Object.keys(shape).filter((k) => k.endsWith("_id"))) {
    const v = out[k];
    if (typeof v === "string" && v !== "") out[k] = decodeId(v) ?? v;
  }
  return out;
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
  const raw = (await run(ctx, "GET", getPathOf(k), id, {}).catch(async (e) => {
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
