"use client";
import { EntityForm, fieldsFor, ImageField } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createBannerAction, updateBannerAction } from "../actions";
import type { BannerFormValues } from "./banner-values";

const F = fieldsFor<BannerFormValues>();

/** Name (the title) and the image with Remove; Is Active on edit (spec 001 §2 Banners). */
export function BannerForm({
  imageUrl,
  ...props
}: FormScreenProps & { initial: BannerFormValues; imageUrl?: string | null }) {
  return (
    <EntityForm<BannerFormValues>
      {...props}
      actions={{ create: createBannerAction, update: updateBannerAction }}
    >
      <F.Text name="title" label="Name" required />
      <ImageField
        removable
        name="image_path"
        label="Image"
        currentUrl={imageUrl ?? undefined}
        disabled={props.readOnly}
      />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
