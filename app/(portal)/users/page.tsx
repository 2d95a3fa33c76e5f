import { UsersList } from "./_components/users-list";

export const metadata = { title: "Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default function UsersPage({ searchParams }: Props) {
  return <UsersList searchParams={searchParams} />;
}
