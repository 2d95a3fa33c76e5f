import { userMasters } from "@/lib/admin/masters";
import type { Ctx } from "@/lib/platform/context";
import { ROLE } from "@/lib/platform/permissions";
import { EMPTY_USER, UserForm, type UserFormValues } from "./user-form";

type Props = {
  ctx: Ctx;
  /** Opaque id when editing. */
  id?: string;
  initial?: UserFormValues;
  staff?: boolean;
  /** A franchisee given by the screen (the staff create query): preselected and fixed. */
  franchiseeId?: number | null;
  listHref: string;
  /** A caller who may view but not update sees the form without Save. */
  readOnly?: boolean;
};

/** Loads the pickers and renders the shared user form; create, edit and staff create differ only in props. */
export async function UserFormPage({
  ctx,
  id,
  initial = EMPTY_USER,
  staff,
  franchiseeId,
  listHref,
  readOnly,
}: Props) {
  const masters = await userMasters(ctx);
  const positions = masters.positions.map((p) => ({ value: String(p.id), label: p.name }));
  const franchisees = masters.franchisees.map((f) => ({ value: String(f.id), label: f.name }));
  // A FRANCHISEE ADMIN's users always belong to their own franchisee (the server forces it too).
  const own = ctx.roleName === ROLE.FRANCHISEE_ADMIN ? ctx.franchiseeId : null;
  const fixed = own ?? (id ? null : (franchiseeId ?? null));
  const values = fixed != null ? { ...initial, franchisee_id: String(fixed) } : initial;
  return (
    <UserForm
      id={id}
      initial={values}
      positions={positions}
      franchisees={franchisees}
      staff={staff}
      franchiseeFixed={fixed != null}
      listHref={listHref}
      readOnly={readOnly}
    />
  );
}
