import { EditScreen } from "@/components/audit/edit-screen";
import { bannersCrud } from "@/lib/operations/banners";
import { fileUrl } from "@/lib/platform/file-access";
import { editScreen } from "@/lib/platform/screens";
import { BannerForm } from "../_components/banner-form";

export const metadata = { title: "Edit Banner" };

export default async function EditBannerPage({ params }: { params: Promise<{ bannerId: string }> }) {
  const s = await editScreen(bannersCrud, (await params).bannerId);
  const { title, is_active, image_path } = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="banners" id={s.id}>
      <BannerForm
        {...s.form}
        initial={{ title, is_active, image_path: null }}
        imageUrl={fileUrl(image_path)}
      />
    </EditScreen>
  );
}
