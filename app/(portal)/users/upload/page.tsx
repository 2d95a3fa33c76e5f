import { Download } from "lucide-react";
import { ListPage } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { listStagedUsers, stagedUserList, usersUpload } from "@/lib/admin/users/upload";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { parseListQuery } from "@/lib/platform/list";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { stagedScreen } from "@/lib/platform/staged-upload";
import { StagedRowsTable, StagedUploadForm } from "@/components/upload/staged-upload";
import { discardStagedUsersAction, processStagedUsersAction } from "./actions";

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
      toolbar={<StagedUploadForm field="users" url="/api/crud_users/upload_user" />}
    >
      <StagedRowsTable
        {...stagedScreen(usersUpload, data)}
        process={processStagedUsersAction}
        discard={discardStagedUsersAction}
        count={count}
        invalid={invalid}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
      />
    </ListPage>
  );
}
