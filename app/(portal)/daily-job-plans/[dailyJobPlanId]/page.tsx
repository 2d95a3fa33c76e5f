import { EditScreen } from "@/components/audit/edit-screen";
import { dailyJobPlansCrud, petsOfCustomer } from "@/lib/jobs/daily-job-plans";
import { can } from "@/lib/platform/context";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { planFormChoices } from "../_components/choices";
import { DailyJobPlanForm } from "../_components/daily-job-plan-form";
import { WalksSubTable } from "../_components/daily-job-plans-table";
import { EMPTY_DAILY_JOB_PLAN, EMPTY_WALK, SAME_AS_PLAN, type PlanNames } from "../_components/form-values";

export const metadata = { title: "Edit Daily Job Plan" };

const str = (v: number | null | undefined) => (v == null ? "" : String(v));
/** A select whose "none" is "0" (optionalId reads it as none). */
const orNone = (v: number | null) => (v == null ? "0" : String(v));

/** /daily-job-plans/{dailyJobPlanId}: the plan and its walks (read-only without daily_job_plans.update). */
export default async function EditDailyJobPlanPage({
  params,
}: {
  params: Promise<{ dailyJobPlanId: string }>;
}) {
  const s = await editScreen(dailyJobPlansCrud, (await params).dailyJobPlanId);
  const r = s.record;
  const c = planFormChoices(s.ctx);
  const mayPick = can(s.ctx, "daily_job_plans.create") || can(s.ctx, "daily_job_plans.update");
  const pets = mayPick ? await petsOfCustomer(s.ctx, r.user_id) : [];
  const petOptions = pets.map((p) => ({ value: String(p.id), label: p.name }));
  // The people the plan holds, named for the pickers' first paint (also those no longer offered: a deactivated
  // walker, another franchisee's replacement on a walk).
  const names: PlanNames = {
    customer: { value: String(r.user_id), label: r.customer_name ?? `#${r.user_id}` },
    franchisee:
      r.franchisee_id != null
        ? { value: String(r.franchisee_id), label: r.franchisee_name ?? `#${r.franchisee_id}` }
        : null,
    walkers: {},
  };
  const named = (id: number | null, name: string | null) => {
    if (id != null) names.walkers[String(id)] = { value: String(id), label: name ?? `#${id}` };
  };
  named(r.walker_id, r.walker_name);
  for (const w of r.daily_job_plan_walks) named(w.walker_id, w.walker_name);
  for (const [id, name] of [
    [r.user_pet_id, r.pet_name],
    [r.user_pet_2_id, r.pet_2_name],
  ] as const)
    if (id != null && !petOptions.some((p) => p.value === String(id)))
      petOptions.push({ value: String(id), label: name ?? `#${id}` });
  return (
    <EditScreen ctx={s.ctx} entity="daily_job_plans" id={s.id}>
      <DailyJobPlanForm
        {...s.form}
        {...c}
        names={names}
        pets={petOptions}
        initial={formValuesOf(EMPTY_DAILY_JOB_PLAN, r, {
          walker_id: orNone(r.walker_id),
          user_pet_id: orNone(r.user_pet_id),
          user_pet_2_id: orNone(r.user_pet_2_id),
          daily_job_plan_walks: r.daily_job_plan_walks.map((w) =>
            formValuesOf(EMPTY_WALK, w, {
              // The timeslot as stored (HH:MM:SS), as this form always showed it.
              timeslot: w.timeslot,
              walker_id: w.walker_id === r.walker_id ? SAME_AS_PLAN : str(w.walker_id),
            }),
          ),
        })}
      />
      {r.daily_job_plan_walks.some((w) => w.started_at) ? (
        <section aria-label="Report cards" className="mt-6 grid gap-2">
          <h2 className="text-base font-semibold">Report cards</h2>
          <WalksSubTable walks={r.daily_job_plan_walks} open />
        </section>
      ) : null}
    </EditScreen>
  );
}
