import { UsersList } from "../users/_components/users-list";

export const metadata = { title: "Franchisee Staff" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The users list reused for franchisee staff (spec 000 §2.9, spec 002): optional franchisee_id query. */
export default function FranchiseeStaffPage({ searchParams }: Props) {
  return <UsersList searchParams={searchParams} staff />;
}
