"use client";
import { CellText, EntityTable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { BlogImage } from "../../blogs/_components/blog-image";
import { deleteBlogDetailAction, restoreBlogDetailAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  description_text: string | null;
  image_url: string | null;
  is_active: number;
}>;

/** Sr No, Status, Description (plain text, cut at 85), Image (80 by 80), Action: edit and delete; restore in trash. */
export function BlogDetailsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => `detail ${r.description_text?.slice(0, 40) ?? ""}`.trim()}
      actions={{ delete: deleteBlogDetailAction, restore: restoreBlogDetailAction }}
      columns={[
        statusColumn<Row>(),
        {
          id: "description",
          header: "Description",
          cell: ({ row }) => <CellText text={row.original.description_text} />,
        },
        {
          id: "image",
          header: "Image",
          meta: { className: "w-px" },
          cell: ({ row }) => <BlogImage url={row.original.image_url} title="the detail" />,
        },
      ]}
    />
  );
}
