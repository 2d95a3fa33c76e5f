"use client";
import { ListTree } from "lucide-react";
import { CellText, EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteBlogAction, restoreBlogAction } from "../actions";
import { BlogImage } from "./blog-image";

type Row = ScreenRow<{
  id: number;
  title: string;
  description_text: string | null;
  image_url: string | null;
  is_active: number;
}>;

/**
 * Sr No, Status, Title, Description (plain text, cut at 85 characters), Image (80 by 80), Action: edit, delete, and
 * the blog's details (/blogs/{id}/blog-details); restore in the trash view.
 */
export function BlogsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.title}
      actions={{ delete: deleteBlogAction, restore: restoreBlogAction }}
      links={(r) =>
        props.may.view
          ? [
              {
                href: `${props.href}/${r.id}/blog-details`,
                label: `Details of ${r.title}`,
                tip: "Details",
                icon: ListTree,
              },
            ]
          : []
      }
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Title", "title", { title: true }),
        {
          id: "description",
          header: "Description",
          meta: { priority: 3 },
          cell: ({ row }) => <CellText text={row.original.description_text} />,
        },
        {
          id: "image",
          header: "Image",
          meta: { className: "w-px", priority: 2, card: true },
          cell: ({ row }) => <BlogImage url={row.original.image_url} title={row.original.title} />,
        },
      ]}
    />
  );
}
