import { QuietLink as Link } from "@/components/nav/quiet-link";
import { Upload } from "lucide-react";
import { ListPage, ListToolbar } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { Button } from "@/components/ui/button";
import { userPositions, type Option } from "@/lib/admin/masters";
import { withPickers } from "@/lib/options/option-sources";
import { listUsers, USER_TOOLBAR_FILTERS, usersDef } from "@/lib/admin/users/users";
import { can, type Ctx } from "@/lib/platform/context";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { filterBar, type RawParams } from "@/lib/platform/list";
import { ROLE } from "@/lib/platform/permissions";
import { listScreen } from "@/lib/platform/screens";
import { exportStaffAction, exportUsersAction } from "../actions";
import { UsersTable, type UserRow } from "./users-table";

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
  /** The franchisee staff list (/franchisee-staffs): users with a franchisee, optionally one franchisee. */
  staff?: boolean;
};

/** The fields the table shows: only these reach the browser (lib/platform/screens.ts `listScreen`). */
const USER_COLUMNS = [
  "first_name",
  "middle_name",
  "last_name",
  "user_name",
  "email",
  "phone",
  "position_name",
  "franchisee_name",
  "is_active",
  "is_kyc_verified",
] as const satisfies readonly (keyof UserRow)[];

const options = (xs: Option[]) => xs.map((x) => ({ value: encodeId(x.id), label: x.name }));

/** The users list screen, shared by /users and /franchisee-staffs (spec 000 §2.9, spec 002 franchisee staff). */
export async function UsersList({ searchParams, staff = false }: Props) {
  const list = (c: Ctx, q: RawParams) => listUsers(c, q, { staff });
  const { ctx, raw, query, may, table, trash } = await listScreen({ def: usersDef, list }, searchParams, {
    fields: USER_COLUMNS,
  });
  // The toolbar's options load while the rows are read (the rows stream in below it). Franchisees (tens of thousands
  // in a big company) are searched on the server: only the chosen one is named here.
  const positions = await userPositions(ctx);
  // A FRANCHISEE ADMIN only ever sees their own franchisee: no franchisee filter for them.
  const confined = ctx.roleName === ROLE.FRANCHISEE_ADMIN;
  const filters = await withPickers(
    ctx,
    filterBar(
      usersDef.list,
      { position_id: options(positions) },
      USER_TOOLBAR_FILTERS.filter((p) => !(confined && p === "franchisee_id")),
    ),
    raw,
    { franchisee_id: { source: "franchisees" } },
  );
  // The staff create screen is reached with the list's franchisee, which it then preselects.
  const base = staff ? "/franchisee-staffs" : "/users";
  const franchiseeId = parseIdParam([raw.franchisee_id].flat()[0]);
  const createHref =
    staff && franchiseeId != null
      ? `${base}/create?franchisee_id=${encodeId(franchiseeId)}`
      : `${base}/create`;
  const title = staff ? "Franchisee Staff" : "Users";

  return (
    <ListPage
      title={title}
      trashTitle={`Deleted ${title}`}
      trash={trash}
      actions={
        !staff && !trash && can(ctx, "users.upload") ? (
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
          createHref={may.create ? createHref : undefined}
          createLabel={staff ? "Add Staff" : "Add User"}
          exportAction={may.export ? (staff ? exportStaffAction : exportUsersAction) : undefined}
          trash={may.restore}
        />
      }
    >
      <ListRows table={table} rows={query.rowsPerPage}>
        {(t) => <UsersTable {...t} href={base} />}
      </ListRows>
    </ListPage>
  );
}
