import { Download } from "lucide-react";
import { ListPage } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { listStagedUsers, stagedUserList, usersUpload } from "@/lib/admin/users/upload";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { parseListQuery } from "@/lib/platform/list";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { StagedUsersTable } from "./_components/staged-users-table";
import { UserUploadForm } from "./_components/user-upload-form";

export const metadata = { title: "Bulk Upload Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /users/upload (spec 000 §2.9): choose a spreadsheet, upload it, preview the staged rows, Process or Delete. */
export default async function UserUploadPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "users.upload")) return <AccessDenied />;
  const title = "Bulk Upload Users";
  // Staged rows belong to a company: a SUPER or BACKEND ADMIN picks one first.
  pageCompanyId(ctx);
  const sp = await searchParams;
  const params = parseListQuery(stagedUserList, sp);
  const { data, count, invalid } = await listStagedUsers(ctx, sp);
  return (
    <ListPage
      title={title}
      actions={
        <Button asChild variant="outline" size="sm">
          {/* A route handler answers the file; a plain link lets the browser download it with the session cookie. */}
          <a href="/api/crud_users/sample" download>
            <Download className="size-4" aria-hidden />
            Download sample file
          </a>
        </Button>
      }
      toolbar={<UserUploadForm />}
    >
      <StagedUsersTable
        rows={data.map((r) => ({ ...r, messages: errorMessages(r.errors) }))}
        columns={usersUpload.columns.map((c) => ({ key: c.key, label: c.header ?? c.key }))}
        count={count}
        invalid={invalid}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
      />
    </ListPage>
  );
}

/** A row's errors in the file's column order, each named by its column's label (never a field's internal name). */
function errorMessages(errors: Record<string, string> | null) {
  const order = (k: string) => {
    const i = usersUpload.columns.findIndex((c) => c.key === k);
    return i < 0 ? usersUpload.columns.length : i;
  };
  return Object.entries(errors ?? {})
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, message]) => ({ label: usersUpload.labelOf(key), message }));
}
