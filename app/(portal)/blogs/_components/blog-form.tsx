"use client";
import { EntityForm, fieldsFor, ImageField } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createBlogAction, updateBlogAction } from "../actions";
import type { BlogFormValues } from "./blog-values";

const F = fieldsFor<BlogFormValues>();

/** Title (required), the image (images only) and the description (rich text); Is Active on edit (spec 002 §2). */
export function BlogForm({
  imageUrl,
  ...props
}: FormScreenProps & { initial: BlogFormValues; imageUrl?: string | null }) {
  return (
    <EntityForm<BlogFormValues> {...props} actions={{ create: createBlogAction, update: updateBlogAction }}>
      <F.Text name="title" label="Title" required />
      <ImageField
        removable
        name="imagepath"
        label="Image"
        currentUrl={imageUrl ?? undefined}
        disabled={props.readOnly}
      />
      <div className="md:col-span-2">
        <F.RichText name="description" label="Description" disabled={props.readOnly} />
      </div>
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
