import "server-only";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { authorize, can, type Ctx } from "./context";
import { getDb, rowsOf, type Executor, type Tx } from "./db";
import type { AnyEntity } from "./entity";
import { AppError, forbidden, invalid, notFound, zodFieldErrors, type FieldErrors } from "./errors";
import { encodeId } from "./ids";
import { toActionResult, type ActionResult } from "./mutations";
import { notify, type NewNotification } from "./notifications";
import { ALL_PERMISSIONS, type Permission } from "./permissions";
import { updateAudited } from "./record-change";
import { withCaller } from "./rls";
import { staleVersion, versionMatches, versionOf, type Expected } from "./versions";

// The approval workflow as one declaration (issue 25): the status column and its states, the transitions (source
// states → target), who may take each, the reason rule, the per-role write guards and the after-effects. `decide`
// takes a transition the same way for every entity: one transaction, the row locked within the caller's scope (404
// outside it), 409 outside a source state, the guard, the change (updated_at bumped), its audit record, its
// notifications and its after-effects, all or nothing. Routes (lib/api/approval-routes.ts), server actions
// (`approvalActions`), the decision cell and dialog (components/approval) and the inbox (`pendingOf`) read it.

type Rec = Record<string, unknown>;

/** A workflow state: a number (status smallint columns) or a text (customer walk requests' 'pending'...). */
export type State = string | number;

/**
 * What a transition's hooks are handed: the caller, the open transaction, the row as it was (locked), the input,
 * and `memo`: what one hook leaves for the later ones of the same decision (set → notify → after).
 */
export type DecisionArgs = { ctx: Ctx; tx: Tx; before: Rec; input: Rec; transition: string; memo: Rec };

export type TransitionDecl = {
  /** The states it may start from (a row in any other answers 409). */
  from: readonly State[];
  /** The state it moves the row to. */
  to: State;
  /**
   * A further condition on the row, read by the server (422 with `message` after the state check) and the client
   * (the cell offers the transition only to rows that meet it): a walk request's approve, reschedules only. A
   * two-step workflow's second step names the first step's column (`status: 409`: a monthly request's status only
   * once the franchisee has decided); `message` may name the value found.
   */
  when?: {
    field: string;
    in: readonly State[];
    message: string | ((found: unknown) => string);
    status?: 409 | 422;
  };
  /** The button's word ("Approve", "Reject"). */
  label: string;
  /** The permission it needs (default: the declaration's). */
  permission?: Permission;
  /** A further role/position/ownership predicate on the caller and the row: false answers 403. */
  who?: (ctx: Ctx, row: Rec) => boolean;
  /**
   * The reason rule: `required` (reject: blank answers 422 under the reason field), `optional` (kept when given),
   * none (the reason column is cleared). The reason is read from the input under the reason column's name.
   */
  reason?: "required" | "optional";
  /** More input of its call (a walker, remarks): parsed with the reason, 422 with field errors. */
  input?: z.ZodRawShape;
  /** Checks after the lock and the state check (quota, overlap): throw AppError (409 / 422) to refuse. */
  guard?: (a: DecisionArgs) => Promise<void>;
  /** Columns written with the state (a reviewer's stamp, remarks). */
  set?: (a: DecisionArgs) => Rec | Promise<Rec>;
  /** Who hears of it, raised in the decision's transaction. */
  notify?: (a: DecisionArgs & { row: Rec }) => NewNotification[] | Promise<NewNotification[]>;
  /** Effects in the same transaction, after the change (generate walks, create staff, move walks...). */
  after?: (a: DecisionArgs & { row: Rec }) => Promise<void | Rec>;
  /**
   * `after` runs before the audit record (and the notifications), so the record shows what it changed through the
   * entity's auditDetail (a leave's walks moved); default: after them.
   */
  auditAfter?: boolean;
  /** Its /api path (`:id` the record), e.g. "pet_walkie_career_requests/approve/:id"; none: no /api row. */
  path?: string;
  summary?: string;
  /** Its /api answer around the record (default `{ data }`), and that answer's schema (an entity's spec shape). */
  answer?: (data: Rec) => Rec;
  output?: z.ZodType;
  /** The /api answer carries the success message: `{ message: success, data }` (instead of `answer`, `output`). */
  answerMessage?: boolean;
  /** The confirmation's texts (the spec's, word for word) and the success message. */
  confirm: { title: string; description?: string };
  success: string;
  /** The reason box's label (the spec's: "Reason for Rejection (Required)"); default "Reason *" / "(Optional)". */
  reasonLabel?: string;
  /** A failure's popup: this prefix before the server's message ("Error approving request: "). */
  failure?: string;
  /** The confirm button's look: destructive for a rejection. */
  tone?: "default" | "destructive";
};

export type ApprovalDecl<K extends string = string> = {
  /** The entity (defineEntity) whose rows move: its table, scope, name and record answer. */
  entity: AnyEntity;
  /** What the inbox calls one item ("Walkie career request"). */
  kind: string;
  /** The status column and its states' labels. */
  field: AnyPgColumn;
  states: Readonly<Record<State, string>>;
  /** The state that waits for a decision (the inbox's, the cell's buttons). */
  pending: State;
  /** The reason column (rejection_reason, remark). */
  reasonField?: AnyPgColumn;
  /** The reason's texts: required (blank), and its bound. */
  reasonMessages?: { required: string; max?: number };
  /** The permission every transition needs unless it names its own. */
  permission: Permission;
  /**
   * Who decides beside the permission (a role): the cell, the inbox and `decide` (403) read it. A two-step
   * workflow's steps may share a permission and differ by role (a monthly request's franchisee approval: the
   * FRANCHISEE ADMIN's).
   */
  deciders?: (ctx: Ctx) => boolean;
  transitions: Record<K, TransitionDecl>;
  /** The 409 of a row not in a transition's source state. */
  notInState: string;
  /**
   * Spec 002 §4's field rules: fields only `may` callers change through a save (the edit form, PATCH); anyone else
   * sending a value other than the stored one is refused (403). See `guardFields`.
   */
  fieldsByRole?: { fields: readonly string[]; may: (ctx: Ctx) => boolean };
  /** The inbox's view of a pending item: what `pendingOf` lists (one union branch per declaration). */
  inbox?: {
    /** The item's title (the applicant's name, the document's name). */
    title: SQL<string | null> | AnyPgColumn;
    /** The inbox's name of the kind ("Walkie career request"; default `kind`). */
    label?: string;
    /** Who asked (a users.id column); none: the item shows no asker. */
    askedBy?: AnyPgColumn;
    /** Who asked, as the inbox shows it (default the askedBy user's name): an applicant's own name. */
    asker?: SQL<string | null> | AnyPgColumn;
    /** A line about the item (its dates, a phone number; default the title). */
    summary?: SQL<string | null> | AnyPgColumn;
    /**
     * The franchisee concerned (a franchisees.id column or expression): a franchisee member sees only their own
     * franchisee's items (none of a kind without one), a MASTER FRANCHISEE only those of their zones' franchisees.
     */
    franchisee?: AnyPgColumn | SQL<number | null>;
    /** When it was asked (default created_at): the leading column of the table's pending index after company_id. */
    askedAt?: AnyPgColumn | SQL;
    /** The portal path of one item: default `<href>/<opaque id>`. */
    href?: (opaqueId: string) => string;
    /** A further condition for an item to wait for a decision (a KYC document: its file submitted). */
    where?: SQL;
  };
};

export type Approval<K extends string = string> = ApprovalDecl<K> & {
  /** The transitions' names, in declaration order. */
  names: K[];
  /** The permission a transition needs. */
  permissionOf: (t: string) => Permission;
};

const REGISTRY: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

/** The declarations by entity, one per status column (a two-step workflow has two): what a save's status change reads. */
const declared = new Map<string, Map<string, Approval>>();

/** Declares an entity's approval workflow once; everything else reads it. */
export function approvalOf<K extends string>(decl: ApprovalDecl<K>): Approval<K> {
  const names = Object.keys(decl.transitions) as K[];
  const permissionOf = (t: string) => decl.transitions[t as K]?.permission ?? decl.permission;
  for (const t of names) {
    if (!REGISTRY.has(permissionOf(t)))
      throw new Error(`${decl.entity.name}: no permission ${permissionOf(t)} in PERMISSION_REGISTRY`);
    if (decl.transitions[t].reason && !decl.reasonField)
      throw new Error(`${decl.entity.name}.${t}: a reason rule needs the declaration's reasonField`);
  }
  const a: Approval<K> = { ...decl, names, permissionOf };
  const byField = declared.get(decl.entity.name) ?? new Map<string, Approval>();
  if (!byField.has(decl.field.name)) byField.set(decl.field.name, a as unknown as Approval);
  declared.set(decl.entity.name, byField);
  return a;
}

// ---------------------------------------------------------------------------------------------------------------
// Input.

/** The body a transition's call takes: its reason (required or optional) and its own fields. */
export function inputSchema(a: Approval, t: string): z.ZodObject {
  const tr = a.transitions[t];
  const shape: Record<string, z.core.$ZodType> = { ...(tr.input ?? {}) };
  if (tr.reason && a.reasonField) {
    const required = a.reasonMessages?.required ?? "The reason is required.";
    const max = a.reasonMessages?.max ?? 1000;
    const label = a.reasonField.name.replace(/_/g, " ");
    const tooLong = `The ${label} may not be greater than ${max} characters.`;
    // PostgreSQL refuses U+0000 in text: refused here under the field (422), as the entities' schemas do.
    const text = z
      .string({ error: required })
      .trim()
      .refine((v) => !v.includes("\u0000"), `The ${label} may not contain a null character.`)
      .max(max, tooLong);
    shape[a.reasonField.name] =
      tr.reason === "required"
        ? text.min(1, required)
        : z.preprocess((v) => (v === "" || v == null ? null : v), text.nullable()).optional();
  }
  return z.object(shape);
}

function transitionOf(a: Approval, t: string): TransitionDecl {
  if (!Object.hasOwn(a.transitions, t)) throw notFound();
  return a.transitions[t as keyof typeof a.transitions];
}

// ---------------------------------------------------------------------------------------------------------------
// The decision.

/** Listeners told of every decision, in its transaction (the inbox marks the item's notifications done). */
type DecisionListener = (a: {
  tx: Tx;
  ctx: Ctx;
  approval: Approval;
  transition: string;
  row: Rec;
}) => Promise<void>;
const listeners: DecisionListener[] = [];
/** Runs `fn` in the transaction of every decision, after its effects. */
export function onDecision(fn: DecisionListener): void {
  if (!listeners.includes(fn)) listeners.push(fn);
}

export type DecideOptions = { version?: Expected | string | null };

/** The record as the entity answers it (its detail, hidden columns removed). */
async function answerOf(def: AnyEntity, db: Executor, row: Rec): Promise<Rec> {
  const full = def.detail ? { ...row, ...(await def.detail(db, row)) } : { ...row };
  for (const k of def.hidden ?? []) delete full[k];
  return full;
}

/**
 * Takes transition `t` on record `id`: permission (403) → input (422) → one transaction: the row locked within the
 * caller's scope (404) → `who` (403) → version (409/412 by the caller) → source state (409) → guard → the state, the
 * reason and `set` written, updated_at bumped → audit record → notifications → after-effects → listeners. Answers
 * the record as the entity's get does.
 */
export function decide(
  ctx: Ctx,
  a: Approval,
  id: number,
  t: string,
  raw: unknown = {},
  o: DecideOptions = {},
): Promise<Rec> {
  return withCaller(ctx, async () => {
    const tr = transitionOf(a, t);
    authorize(ctx, a.permissionOf(t));
    if (a.deciders && !a.deciders(ctx)) throw forbidden();
    const parsed = inputSchema(a, t).safeParse(raw ?? {});
    if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
    const input = parsed.data as Rec;
    const def = a.entity;
    const tbl = def.table as PgTable & { id: AnyPgColumn; deleted_at: AnyPgColumn };
    const expected = typeof o.version === "string" && o.version !== "*" ? [o.version] : (o.version ?? null);
    const db = await getDb();
    return db.transaction(async (tx) => {
      const [before] = (await tx
        .select()
        .from(tbl)
        .where(and(eq(tbl.id, id), isNull(tbl.deleted_at), def.scope.where(ctx)))
        .for("update")) as Rec[];
      if (!before) throw notFound();
      if (tr.who && !tr.who(ctx, before)) throw forbidden();
      if (expected && !versionMatches(expected, versionOf(before)))
        throw await staleVersion(tx, def.name, before as { id: number });
      if (!tr.from.includes(before[a.field.name] as State)) throw new AppError(409, a.notInState);
      const found = tr.when && before[tr.when.field];
      if (tr.when && !tr.when.in.includes(found as State)) {
        const { message, status = 422 } = tr.when;
        throw new AppError(status, typeof message === "string" ? message : message(found));
      }
      // What the history records besides the row (the entity's auditDetail: a leave's walks), read before the change.
      const beforeDetail = def.auditDetail ? await def.auditDetail(tx, before) : {};
      const args: DecisionArgs = { ctx, tx, before, input, transition: t, memo: {} };
      await tr.guard?.(args);
      const values: Rec = { [a.field.name]: tr.to, ...((await tr.set?.(args)) ?? {}) };
      if (a.reasonField) values[a.reasonField.name] = tr.reason ? (input[a.reasonField.name] ?? null) : null;
      // An after-effect that touches the row again (walks generated: walks_generated_at) answers it as it now is.
      const effects = async (row: Rec) => ((await tr.after?.({ ...args, row })) as Rec | undefined) ?? row;
      const written = await updateAudited(tx, ctx, def, {
        id,
        before,
        beforeDetail,
        set: values,
        effects: tr.auditAfter ? effects : undefined,
      });
      // The item's earlier notifications are done; those the decision raises (which may name it too) are new.
      await itemNotificationsDone(tx, a, written);
      const notes = (await tr.notify?.({ ...args, row: written })) ?? [];
      await notify(notes, tx);
      const now = tr.auditAfter ? written : await effects(written);
      for (const l of listeners) await l({ tx, ctx, approval: a, transition: t, row: now });
      return answerOf(def, tx, now);
    });
  });
}

/** The item's portal path (the inbox's link, the notifications' link that names it). */
export function itemHref(a: Approval, opaqueId: string): string | null {
  return a.inbox?.href ? a.inbox.href(opaqueId) : a.entity.href ? `${a.entity.href}/${opaqueId}` : null;
}

/**
 * The notifications that named a decided item (their link is the item's path) are done: marked read for everyone
 * of its company who got one, in the decision's transaction.
 */
async function itemNotificationsDone(tx: Tx, a: Approval, row: Rec) {
  const href = itemHref(a, encodeId(row.id as number));
  const company = a.entity.scope.companyOf(row);
  if (!href || company == null) return;
  const { notifications } = await import("@/db/schema");
  await tx
    .update(notifications)
    .set({ read_at: new Date() })
    .where(
      and(eq(notifications.company_id, company), eq(notifications.link, href), isNull(notifications.read_at)),
    );
}

/**
 * A save's status change (the review form's PATCH) as the workflow sees it: the transition it amounts to, if any
 * (from the stored state to the new one), whose notifications and after-effects then run in the save's transaction.
 * A save that moves the state where no transition leads is the entity's to refuse (or allow) in its own rules.
 */
export async function afterStatusSave(a: Approval, args: { ctx: Ctx; tx: Tx; before: Rec; row: Rec }) {
  const from = args.before[a.field.name] as State;
  const to = args.row[a.field.name] as State;
  if (from === to) return;
  if (from === a.pending) await itemNotificationsDone(args.tx, a, args.row);
  const t = a.names.find((n) => a.transitions[n].to === to && a.transitions[n].from.includes(from));
  if (!t) return;
  const tr = a.transitions[t];
  const d = { ...args, input: {}, transition: t, memo: {} };
  await notify((await tr.notify?.(d)) ?? [], args.tx);
  await tr.after?.(d);
  for (const l of listeners)
    await l({ tx: args.tx, ctx: args.ctx, approval: a, transition: t, row: args.row });
}

/**
 * Every save of an entity (its update, the review form's PATCH): a workflow status moved out of its pending state
 * decides the item, so the notifications that named it are done, as `decide` marks them. The entity's own rules
 * raise the save's notifications.
 */
export async function statusSaved(entity: string, args: { tx: Tx; before: Rec; row: Rec }) {
  for (const a of declared.get(entity)?.values() ?? []) {
    const [from, to] = [args.before[a.field.name], args.row[a.field.name]];
    if (from === a.pending && to !== a.pending) await itemNotificationsDone(args.tx, a, args.row);
  }
}

/**
 * Spec 002 §4's field rules on a save: when the caller is not one `fieldsByRole.may` admits, a guarded field sent
 * with a value other than the stored one answers 403 (posting the loaded values back is harmless); answers the
 * patch without the guarded fields for them, unchanged for the others.
 */
export function guardFields(a: Approval, ctx: Ctx, before: Rec, patch: Rec, o: { allow?: Rec } = {}): Rec {
  const rule = a.fieldsByRole;
  if (!rule || rule.may(ctx)) return patch;
  const out = { ...patch };
  for (const f of rule.fields) {
    if (out[f] === undefined) continue;
    const same = (out[f] ?? null) === (before[f] ?? null) || (o.allow && Object.is(o.allow[f], out[f]));
    if (!same) throw forbidden();
    delete out[f];
  }
  return out;
}

/** Which of the workflow's transitions the caller may take (by permission; `who` is asked per row). */
export function allowedTransitions(ctx: Ctx, a: Approval): string[] {
  if (a.deciders && !a.deciders(ctx)) return [];
  return a.names.filter((t) => can(ctx, a.permissionOf(t)));
}

// ---------------------------------------------------------------------------------------------------------------
// The client's part: what the decision cell and dialog read (no functions, no SQL).

export type ClientTransition = {
  name: string;
  label: string;
  from: State[];
  to: State;
  when: { field: string; in: State[] } | null;
  reason: "required" | "optional" | null;
  reasonField: string | null;
  reasonLabel: string | null;
  failure: string | null;
  reasonMax: number;
  reasonRequired: string;
  confirm: { title: string; description?: string };
  success: string;
  tone: "default" | "destructive";
};
export type ClientApproval = {
  kind: string;
  /** The status column (a two-step workflow's step: franchisee_approval_status, status). */
  field: string;
  states: Readonly<Record<State, string>>;
  pending: State;
  transitions: ClientTransition[];
};

/** The declaration's client-safe part, with only the transitions the caller may take. */
export function clientApproval(ctx: Ctx | null, a: Approval): ClientApproval {
  return {
    kind: a.kind,
    field: a.field.name,
    states: a.states,
    pending: a.pending,
    transitions: a.names
      .filter((t) => !ctx || allowedTransitions(ctx, a).includes(t))
      .map((t) => {
        const tr = a.transitions[t];
        return {
          name: t,
          label: tr.label,
          from: [...tr.from],
          to: tr.to,
          when: tr.when ? { field: tr.when.field, in: [...tr.when.in] } : null,
          reason: tr.reason ?? null,
          reasonField: tr.reason && a.reasonField ? a.reasonField.name : null,
          reasonLabel: tr.reasonLabel ?? null,
          failure: tr.failure ?? null,
          reasonMax: a.reasonMessages?.max ?? 1000,
          reasonRequired: a.reasonMessages?.required ?? "The reason is required.",
          confirm: tr.confirm,
          success: tr.success,
          tone: tr.tone ?? (tr.reason === "required" ? "destructive" : "default"),
        };
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Server actions.

const session = () => import("./session");

/**
 * The server action of a workflow: `decide(opaqueId, transition, input)` for the cell, the dialog and the inbox.
 * `a` may be chosen by the caller (a two-step workflow: the step they decide; none: 403); `ids` names input fields
 * holding opaque ids (a walker chosen in the dialog), decoded as the record's is.
 */
export function approvalActions(a: Approval | ((ctx: Ctx) => Approval | null), o: { ids?: string[] } = {}) {
  return {
    decide: (
      opaqueId: string,
      transition: string,
      input?: unknown,
    ): Promise<ActionResult<{ id: string; status: State }>> =>
      toActionResult(async () => {
        const s = await session();
        const ctx = await s.actionContext();
        const step = typeof a === "function" ? a(ctx) : a;
        if (!step) throw forbidden();
        const values = { ...((input ?? {}) as Rec) };
        for (const k of o.ids ?? [])
          if (typeof values[k] === "string" && values[k] !== "") values[k] = s.actionId(values[k] as string);
        const row = await decide(ctx, step, s.actionId(opaqueId), transition, values);
        return { id: opaqueId, status: row[step.field.name] as State };
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The inbox: pending items.

export type PendingItem = {
  kind: string;
  entity: string;
  /** The inbox's name of the kind (the declaration's inbox label, or its kind). */
  label: string;
  id: number;
  opaque_id: string;
  title: string | null;
  summary: string | null;
  asked_at: Date;
  age_seconds: number;
  asked_by: { id: number; name: string | null } | null;
  /** Who asked, as shown (the declaration's asker, else the asked_by user's name). */
  asker: string | null;
  franchisee: { id: number; name: string | null } | null;
  href: string | null;
};

/** A keyset position: the last item's asked_at (microseconds, ISO), its entity (across workflows) and id. */
export type PendingCursor = { at: string; id: number; entity?: string };
export type PendingPage = { data: PendingItem[]; next: PendingCursor | null };

/** Of each entity, the declaration whose transitions the caller may take (a two-step workflow: their step). */
export function decidedBy(ctx: Ctx, all: readonly Approval[]): Approval[] {
  if (ctx.companyId == null) return [];
  const seen = new Set<string>();
  return all.filter((a) => {
    if (seen.has(a.entity.name) || !allowedTransitions(ctx, a).length) return false;
    seen.add(a.entity.name);
    return true;
  });
}

type PendingTable = PgTable & Record<string, AnyPgColumn>;
const tableOf = (a: Approval) => a.entity.table as PendingTable;
const askedAtOf = (a: Approval) => a.inbox?.askedAt ?? tableOf(a).created_at;
/** A declared state as a literal: the partial pending indexes' predicates match only constants, never parameters. */
const stateLiteral = (v: State) =>
  sql.raw(typeof v === "number" ? String(Math.trunc(v)) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * The rows of a declaration the caller may see in the inbox: live, within the entity's scope (company, zones, own
 * franchisee, own rows); a franchisee member's only of their franchisee (none of a kind without a franchisee); a
 * MASTER FRANCHISEE's only of their zones' franchisees; with `pending`, in the pending state and the inbox's
 * condition, inlined so the table's partial pending index serves it.
 */
export function inboxScope(ctx: Ctx, a: Approval, o: { pending?: boolean } = {}): SQL {
  const t = tableOf(a);
  const fr = a.inbox?.franchisee;
  const parts: (SQL | undefined)[] = [isNull(t.deleted_at), a.entity.scope.where(ctx)];
  if (o.pending !== false)
    parts.push(sql`${a.field} = ${stateLiteral(a.pending)}`, a.inbox?.where?.inlineParams());
  if (ctx.franchiseeId != null && ctx.zoneIds == null && !fr) parts.push(sql`false`);
  if (ctx.zoneIds != null && fr)
    parts.push(zoneFilter(ctx, sql`(select fz.zone_id from franchisees fz where fz.id = ${fr})`));
  return and(...parts)!;
}

/** The caller's zones as a condition on a row's zone (none: false); undefined for a caller without zones. */
function zoneFilter(ctx: Ctx, zone: SQL): SQL | undefined {
  if (ctx.zoneIds == null) return undefined;
  if (!ctx.zoneIds.length) return sql`false`;
  return sql`${zone} in (${sql.join(
    ctx.zoneIds.map((z) => sql`${z}::int`),
    sql`, `,
  )})`;
}

const userName = (id: AnyPgColumn) =>
  sql`(select coalesce(nullif(trim(u.user_name), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) from users u where u.id = ${id})`;

/**
 * One declaration's branch of the inbox's statement: its pending rows after the cursor, in (asked_at, id) order
 * on its pending index, at most `limit`, with what an item shows.
 */
function pendingBranch(ctx: Ctx, a: Approval, after: PendingCursor | null, limit: number): SQL {
  const t = tableOf(a);
  const i = a.inbox;
  const at = askedAtOf(a);
  const name = a.entity.name;
  let keyset: SQL | undefined;
  if (after) {
    const from = sql`${after.at}::timestamptz`;
    // Across workflows the order is (asked_at, entity, id): a later entity's rows at the same instant follow.
    if (after.entity == null || after.entity === name)
      keyset = sql`(${at}, ${t.id}) > (${from}, ${after.id}::int)`;
    else keyset = after.entity < name ? sql`${at} >= ${from}` : sql`${at} > ${from}`;
  }
  const askedBy = i?.askedBy ? sql`${i.askedBy}::int` : sql`null::int`;
  const fr = i?.franchisee ? sql`(${i.franchisee})::int` : sql`null::int`;
  const title = i?.title ? sql`(${i.title})::text` : sql`null::text`;
  return sql`(select ${name}::text as entity, ${t.id}::int as id, ${at} as asked_at,
    to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
    ${title} as title, (${i?.summary ?? i?.title ?? sql`null`})::text as summary,
    ${askedBy} as asked_by, ${i?.askedBy ? userName(i.askedBy) : sql`null::text`} as asked_by_name,
    ${i?.asker ? sql`(${i.asker})::text` : sql`null::text`} as asker,
    ${fr} as franchisee_id, ${i?.franchisee ? sql`(select fn.name from franchisees fn where fn.id = ${i.franchisee})` : sql`null::text`} as franchisee
    from ${t} where ${and(inboxScope(ctx, a), keyset)} order by ${at}, ${t.id} limit ${limit})`;
}

type PendingRow = {
  entity: string;
  id: number;
  asked_at: string | Date;
  cursor: string;
  title: string | null;
  summary: string | null;
  asked_by: number | null;
  asked_by_name: string | null;
  asker: string | null;
  franchisee_id: number | null;
  franchisee: string | null;
};

/**
 * The caller's pending items of one workflow, or across several (the inbox), oldest first, keyset-paged (`after`:
 * the previous page's `next`): one statement, a UNION ALL branch per declaration the caller decides (of each
 * entity, their step), each reading its pending index in (company, asked_at, id) order; ties by entity, then id.
 * The rows in the pending state, live, within the inbox's scope (`inboxScope`). Empty when the caller may take
 * none of the transitions. `limit` at most 200.
 */
export async function pendingOf(
  ctx: Ctx,
  a: Approval | readonly Approval[],
  o: { limit?: number; after?: { at: string | Date; id: number; entity?: string } | null } = {},
): Promise<PendingPage> {
  const decls = decidedBy(ctx, Array.isArray(a) ? a : [a as Approval]);
  if (!decls.length) return { data: [], next: null };
  const limit = Math.max(1, Math.min(o.limit ?? 50, 200));
  const after = o.after
    ? { ...o.after, at: typeof o.after.at === "string" ? o.after.at : o.after.at.toISOString() }
    : null;
  return withCaller(ctx, async () => {
    const db = await getDb();
    const branches = decls.map((d) => pendingBranch(ctx, d, after, limit + 1));
    const rows = rowsOf<PendingRow>(
      await db.execute(
        sql`select * from (${sql.join(branches, sql` union all `)}) i
          order by asked_at, entity collate "C", id limit ${limit + 1}`,
      ),
    );
    const byEntity = new Map<string, Approval>(decls.map((d) => [d.entity.name, d]));
    const page = rows.slice(0, limit);
    const now = Date.now();
    const data = page.map((r): PendingItem => {
      const d = byEntity.get(r.entity)!;
      const id = Number(r.id);
      const opaque = encodeId(id);
      const askedAt = new Date(r.asked_at);
      const by = r.asked_by == null ? null : Number(r.asked_by);
      const fr = r.franchisee_id == null ? null : Number(r.franchisee_id);
      return {
        kind: d.kind,
        entity: d.entity.name,
        label: d.inbox?.label ?? d.kind,
        id,
        opaque_id: opaque,
        title: r.title,
        summary: r.summary,
        asked_at: askedAt,
        age_seconds: Math.max(0, Math.floor((now - askedAt.getTime()) / 1000)),
        asked_by: by == null ? null : { id: by, name: r.asked_by_name },
        asker: r.asker ?? r.asked_by_name,
        franchisee: fr == null ? null : { id: fr, name: r.franchisee },
        href: itemHref(d, opaque),
      };
    });
    const last = rows.length > limit ? page[page.length - 1] : undefined;
    const lastRow = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      data,
      next: last && lastRow ? { at: lastRow.cursor, id: last.id, entity: last.entity } : null,
    };
  });
}

/**
 * How many items of each declaration the caller decides wait, and since when (ISO, null when none): one statement,
 * a count per declaration over its pending index.
 */
export async function pendingCounts(
  ctx: Ctx,
  all: readonly Approval[],
): Promise<{ approval: Approval; count: number; oldest: string | null }[]> {
  const decls = decidedBy(ctx, all);
  if (!decls.length) return [];
  return withCaller(ctx, async () => {
    const db = await getDb();
    const parts = decls.map((d) => {
      const at = askedAtOf(d);
      return sql`(select ${d.entity.name}::text as entity, count(*)::int as n,
        to_char(min(${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as oldest
        from ${tableOf(d)} where ${inboxScope(ctx, d)})`;
    });
    const rows = rowsOf<{ entity: string; n: number; oldest: string | null }>(
      await db.execute(sql.join(parts, sql` union all `)),
    );
    const byEntity = new Map(rows.map((r) => [r.entity, r]));
    return decls.map((d) => {
      const r = byEntity.get(d.entity.name);
      return { approval: d, count: Number(r?.n ?? 0), oldest: r?.oldest ?? null };
    });
  });
}

/** The caller's pending total across the declarations, read no further than `cap` (the drawer's count). */
export async function pendingTotal(ctx: Ctx, all: readonly Approval[], cap: number): Promise<number> {
  const decls = decidedBy(ctx, all);
  if (!decls.length) return 0;
  return withCaller(ctx, async () => {
    const db = await getDb();
    const parts = decls.map((d) => sql`(select 1 from ${tableOf(d)} where ${inboxScope(ctx, d)})`);
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from (${sql.join(parts, sql` union all `)} limit ${cap}) p`,
      ),
    );
    return Number(n);
  });
}

/** Field errors of a refused decision, for a caller that shows them (re-exported for the dialog's action). */
export type DecisionErrors = FieldErrors;
