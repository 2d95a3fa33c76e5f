"use client";
import { EntityForm, fieldsFor, ImageField } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createBlogDetailAction, updateBlogDetailAction } from "../actions";
import type { BlogDetailFormValues } from "./blog-detail-values";

const F = fieldsFor<BlogDetailFormValues>();

/** A blog's detail (spec 002 §2): description (rich text) and image; Is Active on edit. `blogId`: opaque. */
export function BlogDetailForm({
  blogId,
  imageUrl,
  ...props
}: FormScreenProps & { initial: BlogDetailFormValues; blogId: string; imageUrl?: string | null }) {
  return (
    <EntityForm<BlogDetailFormValues>
      {...props}
      actions={{
        create: (values) => createBlogDetailAction(blogId, values),
        update: updateBlogDetailAction,
      }}
    >
      <div className="md:col-span-2">
        <F.RichText name="description" label="Description" disabled={props.readOnly} />
      </div>
      <ImageField
        removable
        name="imagepath"
        label="Image"
        currentUrl={imageUrl ?? undefined}
        disabled={props.readOnly}
      />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
