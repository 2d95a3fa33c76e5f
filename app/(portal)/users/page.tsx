import { can } from "@/lib/platform/context";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../_components/access-denied";
import { UsersList } from "./_components/users-list";

export const metadata = { title: "Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsersPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "users.list") || ctx.companyId == null) return <AccessDenied />;
  return <UsersList ctx={ctx} searchParams={await searchParams} />;
}
