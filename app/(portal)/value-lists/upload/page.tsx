import { Download } from "lucide-react";
import { ListPage } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { valueListUpload } from "@/lib/operations/value-list-upload";
import { liveValueOf, valueOptions } from "@/lib/operations/values";
import { can } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { parseListQuery } from "@/lib/platform/list";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { MasterPicker } from "../_components/master-picker";
import { stagedScreen } from "@/lib/platform/staged-upload";
import { StagedRowsTable, StagedUploadForm } from "@/components/upload/staged-upload";
import { discardValueListUploadAction, processValueListUploadAction } from "../actions";

export const metadata = { title: "Upload Value Lists" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /value-lists/upload (its content is not shown in the spec): choose a master, download its sample file, upload a
 * spreadsheet of Description and Code rows, preview them with each row's errors, then Upload file (all or none) or
 * Delete — the PJP upload's flow, for one master's rows.
 */
export default async function ValueListUploadPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "value_lists.upload")) return <AccessDenied />;
  pageCompanyId(ctx);
  const sp = await searchParams;
  const chosen = typeof sp.master === "string" ? decodeId(sp.master) : null;
  const master = chosen != null ? await liveValueOf(await getDb(), ctx, chosen) : null;
  const masters = (await valueOptions(ctx)).map((v) => ({ value: encodeId(v.id), label: v.name }));
  const opaque = master ? encodeId(master.id) : null;
  const upload = master ? await valueListUpload(ctx, master.id) : null;
  const preview = upload ? await upload.preview(ctx, sp) : null;
  const params = upload ? parseListQuery(upload.list, sp) : null;
  return (
    <ListPage
      title="Upload Value Lists"
      actions={
        opaque ? (
          <Button asChild variant="outline" size="sm">
            {/* A route handler answers the file; a plain link downloads it with the session cookie. */}
            <a href={`/api/crud_value_lists/sample?value_id=${encodeURIComponent(opaque)}`} download>
              <Download className="size-4" aria-hidden />
              Download sample file
            </a>
          </Button>
        ) : null
      }
      toolbar={
        <div className="flex flex-col gap-4">
          <MasterPicker masters={masters} value={opaque} />
          {opaque ? (
            <StagedUploadForm
              field="value_lists"
              url="/api/crud_value_lists/upload_value_list"
              extra={{ value_id: opaque }}
              returnHref={`/value-lists/upload?master=${encodeURIComponent(opaque)}`}
              multiple
            />
          ) : null}
        </div>
      }
    >
      {upload && preview && params && opaque ? (
        <StagedRowsTable
          {...stagedScreen(upload, preview.data)}
          process={processValueListUploadAction.bind(null, opaque)}
          discard={discardValueListUploadAction.bind(null, opaque)}
          processLabel="Upload file"
          count={preview.count}
          invalid={preview.invalid}
          page={params.page}
          rowsPerPage={params.rowsPerPage}
        />
      ) : (
        <p className="text-muted-foreground p-4 text-sm sm:p-6">Choose a master to upload its rows.</p>
      )}
    </ListPage>
  );
}
