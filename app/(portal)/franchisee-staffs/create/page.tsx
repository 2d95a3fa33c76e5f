import { usersDef } from "@/lib/admin/users/users";
import { staffPrefill } from "@/lib/franchise/career-requests";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { guardPage } from "@/lib/platform/page-guard";
import { createScreen } from "@/lib/platform/screens";
import type { UserFormValues } from "../../users/_components/user-values";
import { UserFormPage } from "../../users/_components/user-form-page";

export const metadata = { title: "Add Staff" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The user create form reused: the franchisee of the query (opaque or plain id) is preselected; else required. */
export default async function CreateStaffPage({ searchParams }: Props) {
  const { ctx } = await createScreen({ def: usersDef });
  const query = await searchParams;
  const franchiseeId = parseIdParam([query.franchisee_id].flat()[0]);
  // ?career_request=<kind>:<id>: an approved walker, trainer or daycare application pre-fills the form; the save
  // links it (lib/franchise/career-requests.ts).
  const careerRequest = [query.career_request].flat()[0];
  const prefill = careerRequest ? await guardPage(() => staffPrefill(ctx, careerRequest)) : null;
  // The form sends career_request with its values (a key of its own, not a field); the prefill picks the position
  // the kind implies.
  const initial: UserFormValues | undefined = prefill
    ? { middle_name: "", franchisee_id: "", employee_code: "", is_active: 1, ...prefill }
    : undefined;
  const listHref =
    franchiseeId != null
      ? `/franchisee-staffs?franchisee_id=${encodeId(franchiseeId)}`
      : "/franchisee-staffs";
  return <UserFormPage ctx={ctx} staff franchiseeId={franchiseeId} listHref={listHref} initial={initial} />;
}
