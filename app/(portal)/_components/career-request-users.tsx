import Link from "next/link";
import { Button } from "@/components/ui/button";

type AppUser = { name: string; email: string; phone: string | null; href: string | null } | null;

/**
 * The users view of a walker's or trainer's application: its applicant's account (request_by) and the staff user
 * created from it. A server component (no client code).
 */
export function ApplicationUsers({
  title,
  backHref,
  users,
  status,
}: {
  title: string;
  backHref: string;
  users: { applicant: AppUser; staff: AppUser };
  status: number;
}) {
  const rows: { role: string; user: AppUser; none: string }[] = [
    {
      role: "Applicant's account",
      user: users.applicant,
      none: "Entered on paper: no app account.",
    },
    {
      role: "Staff user created",
      user: users.staff,
      none:
        status === 1
          ? "Not created yet: use Create staff user on the request."
          : "None: the request is not approved.",
    },
  ];
  return (
    <section className="bg-card flex flex-col gap-4 rounded-xl border p-6 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">{title}</h1>
        <Button asChild variant="outline" size="sm">
          <Link href={backHref}>Back</Link>
        </Button>
      </div>
      <table className="ui-table w-full text-sm">
        <thead>
          <tr className="text-left">
            <th className="py-2 pr-4">User</th>
            <th className="py-2 pr-4">Name</th>
            <th className="py-2 pr-4">Email</th>
            <th className="py-2 pr-4">Phone</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ role, user, none }) => (
            <tr key={role} className="border-t">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                {role}
              </th>
              {user ? (
                <>
                  <td className="py-2 pr-4">
                    {user.href ? (
                      <Link href={user.href} className="text-primary underline underline-offset-2">
                        {user.name}
                      </Link>
                    ) : (
                      user.name
                    )}
                  </td>
                  <td className="py-2 pr-4">{user.email}</td>
                  <td className="py-2 pr-4">{user.phone ?? "—"}</td>
                </>
              ) : (
                <td colSpan={3} className="text-muted-foreground py-2 pr-4">
                  {none}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
