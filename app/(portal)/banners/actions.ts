"use server";
import { bannerActions as a, BANNER_UPLOAD_FAILED } from "@/lib/operations/banners";
import type { ActionResult } from "@/lib/platform/mutations";

/** A refused image shows spec 001 §8's upload text under the field, then the reason. */
function withUploadText<T>(r: ActionResult<T>): ActionResult<T> {
  const reason = !r.ok ? r.fieldErrors?.image_path : undefined;
  if (r.ok || !reason) return r;
  return { ...r, fieldErrors: { ...r.fieldErrors, image_path: `${BANNER_UPLOAD_FAILED} ${reason}` } };
}

export const createBannerAction = async (values: unknown) => withUploadText(await a.create!(values));
export const updateBannerAction = async (id: string, values: unknown) =>
  withUploadText(await a.update!(id, values));
export const deleteBannerAction = async (id: string) => a.delete!(id);
export const restoreBannerAction = async (id: string) => a.restore!(id);
export const exportBannersAction = async (params: Record<string, string>) => a.export!(params);
