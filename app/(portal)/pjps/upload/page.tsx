import { Download } from "lucide-react";
import { ListPage } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { pjpsUpload, stagedPjpList } from "@/lib/operations/pjp-upload";
import { parseListQuery } from "@/lib/platform/list";
import { authorizePage, pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { stagedScreen } from "@/lib/platform/staged-upload";
import { StagedRowsTable, StagedUploadForm } from "@/components/upload/staged-upload";
import { discardStagedPjpsAction, processStagedPjpsAction } from "./actions";

export const metadata = { title: "Upload Pjp" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /pjps/upload (spec 001 §2 Pjp upload): Download sample file, choose a spreadsheet, preview the staged rows with
 * their errors, then 'Upload file' (process into PJPs) or 'Delete' (discard).
 */
export default async function PjpUploadPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  authorizePage(ctx, "pjps.upload");
  pageCompanyId(ctx);
  const sp = await searchParams;
  const params = parseListQuery(stagedPjpList, sp);
  const { data, count, invalid } = await pjpsUpload.preview(ctx, sp);
  return (
    <ListPage
      title="Upload Pjp"
      actions={
        <Button asChild variant="outline" size="sm">
          {/* A route handler answers the file; a plain link lets the browser download it with the session cookie. */}
          <a href="/api/crud_pjps/sample" download>
            <Download className="size-4" aria-hidden />
            Download sample file
          </a>
        </Button>
      }
      toolbar={<StagedUploadForm field="pjps" url="/api/crud_pjps/upload_pjp" buttonLabel="Preview" />}
    >
      {/* Spec 001 §2: 'Upload file' processes the staged rows into PJPs, 'Delete' discards them. */}
      <StagedRowsTable
        {...stagedScreen(pjpsUpload, data)}
        process={processStagedPjpsAction}
        discard={discardStagedPjpsAction}
        processLabel="Upload file"
        count={count}
        invalid={invalid}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
      />
    </ListPage>
  );
}
