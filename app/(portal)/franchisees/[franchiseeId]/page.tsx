import { EditScreen } from "@/components/audit/edit-screen";
import { franchiseesCrud } from "@/lib/franchise/franchisees";
import { masterRowsWith, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { can } from "@/lib/platform/context";
import { editScreen } from "@/lib/platform/screens";
import { FranchiseeForm } from "../_components/franchisee-form";

export const metadata = { title: "Edit Franchisee" };

const text = (v: string | number | null | undefined) => (v == null ? "" : String(v));

/**
 * Edit Franchisee (View Franchisee for those who may only view: a franchisee's admin reaches their own through
 * the "Franchisee Details" menu entry). Another zone's or franchisee's record is the not-found card.
 */
export default async function EditFranchiseePage({ params }: { params: Promise<{ franchiseeId: string }> }) {
  const s = await editScreen(franchiseesCrud, (await params).franchiseeId);
  const r = s.record;
  const zones = await masterRowsWith(s.ctx, ZONES_VALUE, r.zone_id);
  return (
    <EditScreen ctx={s.ctx} entity="franchisees" id={s.id}>
      <FranchiseeForm
        {...s.form}
        initial={{
          name: r.name,
          email: text(r.email),
          phone: text(r.phone),
          address: text(r.address),
          description: text(r.description),
          latitude: text(r.latitude),
          longitude: text(r.longitude),
          zone_id: text(r.zone_id),
          // The time inputs take HH:MM; the column answers HH:MM:SS.
          start_time: text(r.start_time).slice(0, 5),
          end_time: text(r.end_time).slice(0, 5),
          working_hours: "",
          is_active: r.is_active,
          career_request_id: "",
          is_kyc_valid: r.is_kyc_valid,
          status: String(r.status),
          rejection_reason: text(r.rejection_reason),
        }}
        zones={zones.map((z) => ({ value: String(z.id), label: z.description }))}
        approver={can(s.ctx, "franchisees.approve")}
      />
    </EditScreen>
  );
}
