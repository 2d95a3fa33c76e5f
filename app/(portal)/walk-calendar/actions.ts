"use server";
import { calendarDay } from "@/lib/jobs/walk-calendar";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext } from "@/lib/platform/session";

/**
 * The walk calendar's opened day: its approved leave and first walks (each with its plan's opaque id), for the
 * calendar's franchisee and walker (opaque ids), with the calendar's own checks (daily_job_plans.list, a member's
 * own franchisee).
 */
export const calendarDayAction = async (p: { date: string; franchisee_id?: string; walker_id?: string }) =>
  toActionResult(async () => {
    const day = await calendarDay(await actionContext(), {
      date: String(p?.date ?? ""),
      franchisee_id: p?.franchisee_id ? String(p.franchisee_id) : undefined,
      walker_id: p?.walker_id ? String(p.walker_id) : undefined,
    });
    return {
      ...day,
      // The walker's id stays on the server; the plan's travels opaque, as in every portal URL.
      walks: day.walks.map((w) => ({
        id: w.id,
        timeslot: w.timeslot,
        status_label: w.status_label,
        walker_name: w.walker_name,
        customer_name: w.customer_name,
        pet_name: w.pet_name,
        uncovered: w.uncovered,
        plan: encodeId(w.daily_job_plan_id),
      })),
    };
  });
