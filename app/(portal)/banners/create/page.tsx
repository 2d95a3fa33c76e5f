import { bannersCrud } from "@/lib/operations/banners";
import { createScreen } from "@/lib/platform/screens";
import { BannerForm } from "../_components/banner-form";
import { EMPTY_BANNER } from "../_components/banner-values";

export const metadata = { title: "Add Banner" };

export default async function CreateBannerPage() {
  const s = await createScreen(bannersCrud);
  return <BannerForm {...s.form} initial={EMPTY_BANNER} />;
}
