import { EditScreen } from "@/components/audit/edit-screen";
import { outletUsersCrud } from "@/lib/operations/outlet-users";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { OutletUserForm } from "../_components/outlet-user-form";
import { EMPTY_OUTLET_USER } from "../_components/outlet-user-values";

export const metadata = { title: "Edit Outlet User" };

/** /outlet-users/{id} (spec 001 §2): User, Start Date, End Date, Is Active; 'Update Outlet'. */
export default async function EditOutletUserPage({ params }: { params: Promise<{ outletUserId: string }> }) {
  const s = await editScreen(outletUsersCrud, (await params).outletUserId);
  const { outlet_id, user } = s.record;
  // The assigned user is named for the picker (also one who has left: they stay on their assignment).
  const chosen = user ? { value: String(user.id), label: user.user_name } : null;
  return (
    <EditScreen ctx={s.ctx} entity="outlet_users" id={s.id}>
      <OutletUserForm
        {...s.form}
        listHref={`/outlets/${encodeId(outlet_id)}/outlet-users`}
        user={chosen}
        initial={formValuesOf(EMPTY_OUTLET_USER, s.record)}
      />
    </EditScreen>
  );
}
