import { EditScreen } from "@/components/audit/edit-screen";
import { bannersCrud } from "@/lib/operations/banners";
import { fileUrl } from "@/lib/platform/file-access";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { BannerForm } from "../_components/banner-form";
import { EMPTY_BANNER } from "../_components/banner-values";

export const metadata = { title: "Edit Banner" };

export default async function EditBannerPage({ params }: { params: Promise<{ bannerId: string }> }) {
  const s = await editScreen(bannersCrud, (await params).bannerId);
  return (
    <EditScreen ctx={s.ctx} entity="banners" id={s.id}>
      <BannerForm
        {...s.form}
        initial={formValuesOf(EMPTY_BANNER, s.record)}
        imageUrl={fileUrl(s.record.image_path)}
      />
    </EditScreen>
  );
}
