import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { UserFormPage } from "../../users/_components/user-form-page";

export const metadata = { title: "Add Staff" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The user create form reused: the franchisee of the query (opaque or plain id) is preselected; else required. */
export default async function CreateStaffPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "users.create")) return <AccessDenied />;
  pageCompanyId(ctx);
  const raw = (await searchParams).franchisee_id;
  const franchiseeId = parseIdParam(Array.isArray(raw) ? raw[0] : raw);
  const listHref =
    franchiseeId != null
      ? `/franchisee-staffs?franchisee_id=${encodeId(franchiseeId)}`
      : "/franchisee-staffs";
  return <UserFormPage ctx={ctx} staff franchiseeId={franchiseeId} listHref={listHref} />;
}
