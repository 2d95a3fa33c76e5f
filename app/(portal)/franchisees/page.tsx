import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import {
  franchiseeApproval,
  franchiseeMasters,
  franchiseesCrud,
  franchiseeToolbarFilters,
} from "@/lib/franchise/franchisees";
import { clientApproval } from "@/lib/platform/approval";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportFranchiseesAction } from "./actions";
import { FranchiseesTable } from "./_components/franchisees-table";

export const metadata = { title: "Franchisees" };

/**
 * Franchisees or Deleted Franchisees (spec 002 §2): search (name, email, phone), status, approval status, KYC
 * valid, zone (not for a master franchisee, who sees their zones' franchisees only), KYC expiring; trash, export.
 */
export default async function FranchiseesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(franchiseesCrud, searchParams, {
    fields: ["name", "email", "phone", "zone_id", "zone", "status", "is_kyc_valid", "is_active"],
  });
  const { zones } = await franchiseeMasters(s.ctx);
  const filters = filterBar(
    franchiseesCrud.def.list,
    { zone_id: zones.map((z) => ({ value: encodeId(z.id), label: z.description })) },
    franchiseeToolbarFilters(s.ctx),
  );
  // The inline zone dropdown: for those who may update, and never for a master franchisee (zone as text).
  const zoneChoices =
    s.may.update && s.ctx.zoneIds == null
      ? zones.map((z) => ({ value: String(z.id), label: z.description }))
      : null;
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by name, email or phone"
      exportAction={exportFranchiseesAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => (
          <FranchiseesTable {...t} zones={zoneChoices} approval={clientApproval(s.ctx, franchiseeApproval)} />
        )}
      </ListRows>
    </EntityListPage>
  );
}
