"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteBannerAction, restoreBannerAction } from "../actions";

type Row = ScreenRow<{ id: number; title: string; image_url: string | null; is_active: number }>;

/** Sr No, Status, Banner (its title), Image (a link opening it in a new tab), Action; restore in the trash view. */
export function BannersTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.title}
      actions={{ delete: deleteBannerAction, restore: restoreBannerAction }}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Banner", "title", { sort: true }),
        {
          id: "image",
          header: "Image",
          cell: ({ row }) =>
            row.original.image_url ? (
              <a
                href={row.original.image_url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-teal-700 underline underline-offset-2"
                aria-label={`Image of ${row.original.title}`}
              >
                View image
              </a>
            ) : (
              <span className="text-slate-600">No image</span>
            ),
        },
      ]}
    />
  );
}
