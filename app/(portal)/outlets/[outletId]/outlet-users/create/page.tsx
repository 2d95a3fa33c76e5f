import { outletOfList, outletUsersCrud } from "@/lib/operations/outlet-users";
import { getDb } from "@/lib/platform/db";
import { guardPage } from "@/lib/platform/page-guard";
import { createScreen } from "@/lib/platform/screens";
import { pageId } from "@/lib/platform/session";
import { OutletUserForm } from "../../../../outlet-users/_components/outlet-user-form";
import { EMPTY_OUTLET_USER } from "../../../../outlet-users/_components/outlet-user-values";

export const metadata = { title: "Add User" };

/** Add User (spec 001 §2): User and Start Date for the outlet; returns to the outlet's user list. */
export default async function CreateOutletUserPage({ params }: { params: Promise<{ outletId: string }> }) {
  const opaque = (await params).outletId;
  const outletId = pageId(opaque);
  const s = await createScreen(outletUsersCrud);
  await guardPage(async () => outletOfList(await getDb(), s.ctx, outletId));
  return (
    <OutletUserForm
      {...s.form}
      listHref={`/outlets/${opaque}/outlet-users`}
      initial={{ ...EMPTY_OUTLET_USER, outlet_id: outletId }}
    />
  );
}
