import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../_components/access-denied";
import { UsersList } from "../users/_components/users-list";

export const metadata = { title: "Franchisee Staff" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The users list reused for franchisee staff (spec 000 §2.9, spec 002): optional franchisee_id query. */
export default async function FranchiseeStaffPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "users.list")) return <AccessDenied />;
  pageCompanyId(ctx);
  return <UsersList ctx={ctx} searchParams={await searchParams} staff />;
}
