import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../_components/access-denied";
import { UsersList } from "./_components/users-list";

export const metadata = { title: "Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsersPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "users.list")) return <AccessDenied />;
  pageCompanyId(ctx);
  return <UsersList ctx={ctx} searchParams={await searchParams} />;
}
