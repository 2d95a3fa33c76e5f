import { EditScreen } from "@/components/audit/edit-screen";
import { userPositions } from "@/lib/admin/masters";
import { currentOption } from "@/lib/options/option-sources";
import { getUser, usersDef } from "@/lib/admin/users/users";
import type { Ctx } from "@/lib/platform/context";
import { ROLE } from "@/lib/platform/permissions";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { UserForm } from "./user-form";
import { EMPTY_USER, type UserFormValues } from "./user-values";

type Props = {
  ctx: Ctx;
  /** Opaque id when editing. */
  id?: string;
  initial?: UserFormValues;
  staff?: boolean;
  /** A franchisee given by the screen (the staff create query): preselected and fixed. */
  franchiseeId?: number | null;
  listHref: string;
  readOnly?: boolean;
  /** The record's version (editScreen), sent with the save. */
  version?: string;
};

/** Loads the pickers and renders the shared user form; create, edit and staff create differ only in props. */
export async function UserFormPage({ ctx, id, initial = EMPTY_USER, franchiseeId, ...rest }: Props) {
  const positions = (await userPositions(ctx)).map((p) => ({ value: String(p.id), label: p.name }));
  // A FRANCHISEE ADMIN's users always belong to their own franchisee (the server forces it too).
  const own = ctx.roleName === ROLE.FRANCHISEE_ADMIN ? ctx.franchiseeId : null;
  const fixed = own ?? (id ? null : (franchiseeId ?? null));
  const values = fixed != null ? { ...initial, franchisee_id: String(fixed) } : initial;
  const franchisee = await currentOption(ctx, "franchisees", Number(values.franchisee_id) || null);
  return (
    <UserForm
      id={id}
      initial={values}
      positions={positions}
      franchisee={franchisee}
      franchiseeFixed={fixed != null}
      {...rest}
    />
  );
}

/**
 * The edit screen of /users/{userId} and /franchisee-staffs/{userId}: opens for whoever may view (read-only without
 * users.update); another company's or another franchisee's user shows the not-found card, like a missing one.
 */
export async function UserEditScreen({ opaqueId, staff }: { opaqueId: string; staff?: boolean }) {
  const { ctx, id, record: u, readOnly, form } = await editScreen({ def: usersDef, get: getUser }, opaqueId);
  return (
    <EditScreen ctx={ctx} entity="users" id={id}>
      <UserFormPage
        ctx={ctx}
        id={opaqueId}
        staff={staff}
        readOnly={readOnly}
        version={form.version}
        listHref={staff ? "/franchisee-staffs" : "/users"}
        initial={formValuesOf(EMPTY_USER, u)}
      />
    </EditScreen>
  );
}
