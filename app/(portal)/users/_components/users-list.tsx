import Link from "next/link";
import { Upload } from "lucide-react";
import { ListPage, ListToolbar, type FilterDef, STATUS_FILTER } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { userMasters } from "@/lib/admin/masters";
import { listUsers, plainIdParams, userListSpec } from "@/lib/admin/users/users";
import { KYC_STATUS } from "@/lib/admin/users/schema";
import { can, type Ctx } from "@/lib/platform/context";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { ROLE } from "@/lib/platform/permissions";
import { exportStaffAction, exportUsersAction } from "../actions";
import { UsersTable } from "./users-table";

type Props = {
  ctx: Ctx;
  searchParams: Record<string, string | string[] | undefined>;
  /** The franchisee staff list (/franchisee-staffs): users with a franchisee, optionally one franchisee. */
  staff?: boolean;
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The users list screen, shared by /users and /franchisee-staffs (spec 000 §2.9, spec 002 franchisee staff). */
export async function UsersList({ ctx, searchParams, staff = false }: Props) {
  const params = parseListParams(plainIdParams(searchParams), userListSpec);
  const [{ data, count }, masters] = await Promise.all([
    listUsers(ctx, searchParams, { staff }),
    userMasters(ctx),
  ]);
  const rows = data.map((r) => ({
    id: encodeId(r.id),
    name: r.user_name ?? [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(" "),
    email: r.email,
    phone: r.phone,
    employee_code: r.employee_code,
    position_name: r.position_name,
    franchisee_name: r.franchisee_name,
    is_active: r.is_active,
    is_kyc_verified: r.is_kyc_verified,
  }));

  // A FRANCHISEE ADMIN only ever sees their own franchisee: no franchisee filter for them.
  const confined = ctx.roleName === ROLE.FRANCHISEE_ADMIN;
  const filters: FilterDef[] = [
    STATUS_FILTER,
    {
      param: "position_id",
      label: "Position",
      multiple: true,
      options: masters.positions.map((p) => ({ value: encodeId(p.id), label: p.name })),
    },
    ...(confined
      ? []
      : [
          {
            param: "franchisee_id",
            label: "Franchisee",
            options: masters.franchisees.map((f) => ({ value: encodeId(f.id), label: f.name })),
          },
        ]),
    {
      param: "is_kyc_verified",
      label: "KYC Status",
      options: Object.entries(KYC_STATUS).map(([label, value]) => ({ value: String(value), label })),
    },
  ];

  // The staff create screen is reached with the list's franchisee, which it then preselects.
  const franchiseeId = parseIdParam(first(searchParams.franchisee_id));
  const base = staff ? "/franchisee-staffs" : "/users";
  const createHref =
    staff && franchiseeId != null
      ? `${base}/create?franchisee_id=${encodeId(franchiseeId)}`
      : `${base}/create`;
  const title = staff ? "Franchisee Staff" : "Users";

  return (
    <ListPage
      title={title}
      trashTitle={`Deleted ${title}`}
      trash={params.showDeleted}
      actions={
        !staff && !params.showDeleted && can(ctx, "users.upload") ? (
          <Button asChild variant="outline">
            <Link href="/users/upload">
              <Upload className="size-4" aria-hidden />
              Upload Users
            </Link>
          </Button>
        ) : null
      }
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name, email, phone or employee code"
          filters={filters}
          createHref={can(ctx, "users.create") ? createHref : undefined}
          createLabel={staff ? "Add Staff" : "Add User"}
          exportAction={
            can(ctx, "users.export") ? (staff ? exportStaffAction : exportUsersAction) : undefined
          }
          trash={can(ctx, "users.restore")}
        />
      }
    >
      <UsersTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        trash={params.showDeleted}
        // The edit page opens for whoever may view (read-only without users.update).
        canEdit={can(ctx, "users.view")}
        canDelete={can(ctx, "users.delete")}
        canRestore={can(ctx, "users.restore")}
        editQuery={staff ? "?back=staff" : ""}
      />
    </ListPage>
  );
}
