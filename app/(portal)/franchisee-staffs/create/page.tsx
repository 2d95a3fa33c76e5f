import { usersDef } from "@/lib/admin/users/users";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { createScreen } from "@/lib/platform/screens";
import { UserFormPage } from "../../users/_components/user-form-page";

export const metadata = { title: "Add Staff" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The user create form reused: the franchisee of the query (opaque or plain id) is preselected; else required. */
export default async function CreateStaffPage({ searchParams }: Props) {
  const { ctx } = await createScreen({ def: usersDef });
  const franchiseeId = parseIdParam([(await searchParams).franchisee_id].flat()[0]);
  const listHref =
    franchiseeId != null
      ? `/franchisee-staffs?franchisee_id=${encodeId(franchiseeId)}`
      : "/franchisee-staffs";
  return <UserFormPage ctx={ctx} staff franchiseeId={franchiseeId} listHref={listHref} />;
}
