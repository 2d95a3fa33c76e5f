"use client";
import { EntityForm, fieldsFor, ImageField } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createBannerAction, updateBannerAction } from "../actions";

/** The banner schema's fields (lib/operations/banners.ts) as the form holds them; the image is a file. */
export type BannerFormValues = {
  title: string;
  image_path: File | null;
  is_active: number;
  role_id?: number;
};

/** A new banner: the earlier client sent role_id 4 with it (accepted and ignored by the server). */
export const EMPTY_BANNER: BannerFormValues = { title: "", image_path: null, is_active: 1 };

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
