import { Download } from "lucide-react";
import { ListPage } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { pjpsUpload, stagedPjpList } from "@/lib/operations/pjp-upload";
import { parseListQuery } from "@/lib/platform/list";
import { authorizePage, pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { PjpUploadForm } from "./_components/pjp-upload-form";
import { StagedPjpsTable } from "./_components/staged-pjps-table";

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
      toolbar={<PjpUploadForm />}
    >
      <StagedPjpsTable
        rows={data.map((r) => ({ ...r, messages: errorMessages(r.errors) }))}
        columns={pjpsUpload.columns.map((c) => ({ key: c.key, label: c.header ?? c.key }))}
        count={count}
        invalid={invalid}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
      />
    </ListPage>
  );
}

/** A row's errors in the file's column order, each named by its column's label. */
function errorMessages(errors: Record<string, string> | null) {
  const order = (k: string) => {
    const i = pjpsUpload.columns.findIndex((c) => c.key === k);
    return i < 0 ? pjpsUpload.columns.length : i;
  };
  return Object.entries(errors ?? {})
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, message]) => ({ label: pjpsUpload.labelOf(key), message }));
}
