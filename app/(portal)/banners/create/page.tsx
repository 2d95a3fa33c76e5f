import { bannersCrud } from "@/lib/operations/banners";
import { createScreen } from "@/lib/platform/screens";
import { BannerForm, EMPTY_BANNER } from "../_components/banner-form";

export const metadata = { title: "Add Banner" };

export default async function CreateBannerPage() {
  const s = await createScreen(bannersCrud);
  return <BannerForm {...s.form} initial={EMPTY_BANNER} />;
}
