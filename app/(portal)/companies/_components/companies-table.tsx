"use client";
import { CellText, EntityTable, sortable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteCompanyAction, restoreCompanyAction } from "../actions";

type Row = {
  id: number;
  name: string;
  email: string;
  phone: string;
  admin_name: string | null;
  city: string | null;
  is_active: number;
  /** The logo through the authorised file route (the page turns logo_path into it). */
  logo_url: string | null;
};

/** Status, Name (with the logo), Email, Phone, Admin Name, City, Action. */
export function CompaniesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deleteCompanyAction, restore: restoreCompanyAction }}
      columns={[
        statusColumn<ScreenRow<Row>>(),
        {
          id: "name",
          header: sortable("Name", "name"),
          cell: ({ row }) => (
            <div className="flex items-center gap-2">
              {row.original.logo_url ? (
                // eslint-disable-next-line @next/next/no-img-element -- served by the authorised file route
                <img src={row.original.logo_url} alt="" className="size-7 rounded object-cover" />
              ) : null}
              <CellText text={row.original.name} />
            </div>
          ),
        },
        { id: "email", header: "Email", cell: ({ row }) => <CellText text={row.original.email} /> },
        { id: "phone", header: "Phone", cell: ({ row }) => row.original.phone },
        {
          id: "admin_name",
          header: "Admin Name",
          cell: ({ row }) => <CellText text={row.original.admin_name ?? ""} />,
        },
        { id: "city", header: "City", cell: ({ row }) => row.original.city ?? "" },
      ]}
    />
  );
}
