"use server";
import { VALUE_LIST_UPLOAD_MESSAGES, valueListUpload } from "@/lib/operations/value-list-upload";
import { saveMultipleValueLists, valueListActions as a } from "@/lib/operations/value-lists";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export const createValueListAction = async (values: unknown) => a.create!(values);
export const updateValueListAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteValueListAction = async (id: string) => a.delete!(id);

type InlineRow = { id?: string | null; description: string; code: string };

/**
 * Save of the List of Masters' inline table: the same domain function as POST values/:value_id/multiple_value_lists;
 * ids travel opaque both ways (an id that is not one answers as a row of another master would).
 */
export async function saveValueListsAction(masterId: string, datas: InlineRow[]) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const valueId = actionId(masterId);
    const rows = (Array.isArray(datas) ? datas : []).map((r) => ({
      description: r?.description,
      code: r?.code,
      id: r?.id ? (decodeId(String(r.id)) ?? "invalid") : null,
    }));
    const saved = await saveMultipleValueLists(ctx, valueId, { datas: rows });
    return saved.map((r) => ({ ...r, id: encodeId(r.id) }));
  });
}

/** Process of the upload screen: creates every staged row of the master, or none. */
export async function processValueListUploadAction(masterId: string) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const u = await valueListUpload(ctx, actionId(masterId));
    return { ...(await u.process(ctx)), message: VALUE_LIST_UPLOAD_MESSAGES.processed };
  });
}

/** Delete of the upload screen: discards the caller's staged rows of the master. */
export async function discardValueListUploadAction(masterId: string) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const u = await valueListUpload(ctx, actionId(masterId));
    return { ...(await u.discard(ctx)), message: VALUE_LIST_UPLOAD_MESSAGES.deleted };
  });
}
