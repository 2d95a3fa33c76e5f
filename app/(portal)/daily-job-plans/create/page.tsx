import { dailyJobPlansCrud } from "@/lib/jobs/daily-job-plans";
import { createScreen } from "@/lib/platform/screens";
import { planFormChoices } from "../_components/choices";
import { DailyJobPlanForm } from "../_components/daily-job-plan-form";
import { EMPTY_DAILY_JOB_PLAN, NO_NAMES } from "../_components/form-values";

export const metadata = { title: "Add Daily Job Plan" };

/** /daily-job-plans/create: a plan made by hand (spec 002 §2 names the route; the form is ours), one walk to start. */
export default async function CreateDailyJobPlanPage() {
  const s = await createScreen(dailyJobPlansCrud);
  const c = planFormChoices(s.ctx);
  return <DailyJobPlanForm {...s.form} initial={EMPTY_DAILY_JOB_PLAN} pets={[]} names={NO_NAMES} {...c} />;
}
