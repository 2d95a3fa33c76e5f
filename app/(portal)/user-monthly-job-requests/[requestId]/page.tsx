import { EditScreen } from "@/components/audit/edit-screen";
import { masterRowsWith, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { isStatusApprover, monthlyRequestsCrud } from "@/lib/jobs/monthly-requests";
import { currentOption } from "@/lib/options/option-sources";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { editScreen } from "@/lib/platform/screens";
import { EditMonthlyRequestForm } from "../_components/monthly-request-form";

export const metadata = { title: "Edit User Monthly Job Request" };

const text = (v: string | number | null | undefined) => (v == null ? "" : String(v));

/**
 * Edit User Monthly Job Request (View for those who may only view: a master franchisee). Another zone's or
 * franchisee's request is the not-found card.
 */
export default async function EditMonthlyRequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const s = await editScreen(monthlyRequestsCrud, (await params).requestId);
  const r = s.record;
  const franchiseeAdmin = s.ctx.roleName === ROLE.FRANCHISEE_ADMIN;
  const master = s.ctx.zoneIds != null;
  // Franchisees and walkers grow with the company: the fields search on the server; only the current ones are named.
  const chooseFranchisee = s.ctx.franchiseeId == null && !master && r.franchisee_approval_status === 0;
  const [zones, walker, franchisee] = await Promise.all([
    masterRowsWith(s.ctx, ZONES_VALUE, r.zone_id),
    currentOption(s.ctx, "staff", r.walker_id),
    chooseFranchisee ? currentOption(s.ctx, "franchisees", r.franchisee_id) : Promise.resolve(null),
  ]);
  return (
    <EditScreen ctx={s.ctx} entity="user_monthly_job_requests" id={s.id}>
      <EditMonthlyRequestForm
        {...s.form}
        initial={{
          zone_id: text(r.zone_id),
          franchisee_id: text(r.franchisee_id),
          is_active: r.is_active,
          franchisee_approval_status: String(r.franchisee_approval_status),
          status: String(r.status),
          walker_id: text(r.walker_id),
          // The time inputs take HH:MM; the column answers HH:MM:SS.
          timeslot: text(r.timeslot).slice(0, 5),
          timeslot_2: text(r.timeslot_2).slice(0, 5),
          remark: text(r.remark),
        }}
        // The customer page (issue 22): the back office with user_pets.view.
        summary={{
          ...r,
          customer_href: can(s.ctx, "user_pets.view") ? `/customers/${encodeId(r.user_id)}` : null,
        }}
        // A master franchisee sees the zone as text (spec 002 §6).
        zones={master ? null : zones.map((z) => ({ value: String(z.id), label: z.description }))}
        franchisee={chooseFranchisee ? { chosen: franchisee } : null}
        walker={walker}
        franchiseeAdmin={franchiseeAdmin}
        approver={isStatusApprover(s.ctx)}
        twoWalks={r.timeslot_2 != null || r.no_of_walks === 2}
      />
    </EditScreen>
  );
}
