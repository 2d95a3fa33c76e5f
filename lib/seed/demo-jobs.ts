import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  customerWalkRequests,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  leaveRequests,
  leaveRequestWalks,
  plans,
  stateHolidays,
  states,
  userAddresses,
  userMonthlyJobRequestPets,
  userMonthlyJobRequests,
  userPets,
  users,
  walkRequestPolicies,
} from "@/db/schema";
import { indiaNow, walkStart } from "@/lib/jobs/common";
import { hoursBefore, refundFor, walkPrice } from "@/lib/jobs/walk-policy";
import { DEFAULT_WALK_POLICY } from "@/lib/jobs/walk-policy-default";
import { generateWalks } from "@/lib/jobs/walk-generation";
import { addDays } from "@/lib/operations/week-parity";
import { rowsOf, type Executor } from "@/lib/platform/db";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { masterIds } from "./demo-franchise";

const PETS: [
  name: string,
  breed: string,
  weight: number,
  age: number,
  gender: "MALE" | "FEMALE",
  temperament: string,
][] = [
  ["Bruno", "LABRADOR RETRIEVER", 28.5, 4, "MALE", "Friendly; pulls towards other dogs."],
  ["Coco", "SHIH TZU", 6.2, 3, "FEMALE", "Shy with strangers; let her sniff your hand first."],
  ["Simba", "GOLDEN RETRIEVER", 30, 5, "MALE", "Calm; loves water, keep him away from puddles."],
  ["Oreo", "BEAGLE", 11.4, 2, "MALE", "Follows his nose: keep the leash short."],
  ["Kaalu", "INDIE", 18, 6, "MALE", "Street smart and gentle."],
  ["Rocky", "GERMAN SHEPHERD", 34, 3, "MALE", "Reactive to cycles; muzzle not needed."],
  ["Pepper", "BEAGLE", 10.2, 1, "FEMALE", "A puppy: short walks, lots of praise."],
  ["Motu", "LABRADOR RETRIEVER", 32.8, 7, "MALE", "Senior; slow pace, hip trouble."],
];
const MEDICAL = [
  null,
  "Allergic to chicken treats.",
  null,
  "Ear drops twice a week (owner gives them).",
  null,
];
const NOTES = [
  "A lovely walk along the promenade; drank water at the halfway point.",
  "Energetic today; played fetch for ten minutes in the park.",
  "Met two friends and behaved well. Paws wiped before going home.",
  "Slow start in the heat, then happy. Took the shaded lane.",
];

const STREETS = [
  "Flat 302, Sea View CHS, Juhu Tara Road",
  "B-14, Shanti Kunj, SV Road",
  "701, Raheja Classique, Link Road",
  "12, Pali Hill, Bandra West",
  "Lake Homes, Chandivali",
  "3rd Floor, Hill Crest, Carter Road",
  "22, Seven Bungalows, Versova",
  "C-9, Powai Vihar",
];

/**
 * Job operations of one demo company (after its users, masters, franchise and plans): customers' pets and addresses,
 * monthly requests of this month in every state (the approved ones with their daily plans and walks; past walks
 * completed with distance, calories and ratings), leave requests (pending full day and time range on days with walks,
 * one approved with a replacement), customers' reschedule and cancel requests in every state, and the walk policy.
 */
export async function seedDemoJobs(db: Executor, companyId: number, stateName: string): Promise<void> {
  const { date: today } = indiaNow();
  const monthStart = `${today.slice(0, 8)}01`;
  const monthEnd = addDays(`${addDays(monthStart, 32).slice(0, 8)}01`, -1);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const breeds = await masterIds(db, companyId, "BREEDS");
  const zones = new Map(
    (
      await db
        .select({ id: franchisees.id, zone_id: franchisees.zone_id })
        .from(franchisees)
        .where(eq(franchisees.company_id, companyId))
        .orderBy(asc(franchisees.id))
    ).map((f) => [f.id, f.zone_id]),
  );
  const frIds = [...zones.keys()];
  const [state] = await db.select({ id: states.id }).from(states).where(eq(states.description, stateName));
  const customers = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        isNull(users.franchisee_id),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(8);
  const staff = await db
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        isNotNull(users.franchisee_id),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id));
  const walkersOf = (f: number) => staff.filter((s) => s.franchisee_id === f).map((s) => s.id);
  const planRows = await db
    .select({ id: plans.id, no_of_dogs: plans.no_of_dogs })
    .from(plans)
    .where(and(eq(plans.company_id, companyId), isNull(plans.deleted_at)))
    .orderBy(asc(plans.id));
  if (!customers.length || !frIds.length || !planRows.length) return;
  const single = planRows.find((p) => p.no_of_dogs === 1) ?? planRows[0];
  const double = planRows.find((p) => p.no_of_dogs === 2) ?? planRows[0];

  const pets = await db
    .insert(userPets)
    .values(
      customers.flatMap((c, i) => {
        const first = PETS[i % PETS.length];
        const rows = [
          {
            company_id: companyId,
            user_id: c.id,
            name: first[0],
            breed_id: breeds.get(first[1]) ?? null,
            weight: first[2],
            age: first[3],
            gender: first[4],
            temperament: first[5],
            medical_notes: MEDICAL[i % MEDICAL.length],
            vet_phone: `98200${String(10000 + i * 137).slice(-5)}` as string | null,
          },
        ];
        if (i % 3 === 1) {
          const second = PETS[(i + 3) % PETS.length];
          rows.push({
            company_id: companyId,
            user_id: c.id,
            name: second[0],
            breed_id: breeds.get(second[1]) ?? null,
            weight: second[2],
            age: second[3],
            gender: second[4],
            temperament: second[5],
            medical_notes: null,
            vet_phone: null,
          });
        }
        return rows;
      }),
    )
    .returning({ id: userPets.id, user_id: userPets.user_id });
  const addresses = await db
    .insert(userAddresses)
    .values(
      customers.map((c, i) => ({
        company_id: companyId,
        user_id: c.id,
        address: `${STREETS[i % STREETS.length]}, Mumbai`,
        latitude: 19.05 + (i % 5) * 0.02,
        longitude: 72.82 + (i % 4) * 0.02,
        state_id: state?.id ?? null,
        pin_code: `4000${String(50 + i).padStart(2, "0")}`,
        is_default: true,
      })),
    )
    .returning({ id: userAddresses.id, user_id: userAddresses.user_id });
  // A local holiday in the middle of the month, so a generated plan shows the marker.
  if (state)
    await db.insert(stateHolidays).values({
      company_id: companyId,
      state: state.id,
      holiday_date: addDays(monthStart, 14),
      description: "Local Festival",
    });

  // [customer index, franchisee index, plan, franchisee approval, status, walker index within the franchisee]
  const specs: [number, number, "single" | "double", 0 | 1 | 2, 0 | 1 | 2, number | null][] = [
    [0, 0, "single", 0, 0, null],
    [1, 0, "double", 1, 1, 0],
    [2, 0, "single", 1, 0, 1],
    [3, 1, "single", 2, 0, null],
    [4, 2, "single", 0, 0, null],
    [5, 1, "single", 1, 1, 0],
    [6, 0, "single", 0, 0, null],
  ];
  const made: { id: number; customer: number; walker: number | null }[] = [];
  for (const [ci, fi, kind, fa, status, wi] of specs) {
    const customer = customers[ci % customers.length].id;
    const f = frIds[fi % frIds.length];
    const walker = wi == null ? null : (walkersOf(f)[wi] ?? null);
    const plan = kind === "single" ? single : double;
    const [req] = await db
      .insert(userMonthlyJobRequests)
      .values({
        company_id: companyId,
        user_id: customer,
        franchisee_id: f,
        user_address_id: addresses.find((a) => a.user_id === customer)?.id ?? null,
        plan_id: plan.id,
        month,
        year,
        start_date: monthStart,
        end_date: monthEnd,
        zone_id: zones.get(f) ?? null,
        walker_id: fa === 1 ? walker : null,
        timeslot: "07:00",
        timeslot_2: kind === "double" ? "18:00" : null,
        remark: fa === 2 ? "No walker free in the mornings this month." : null,
        franchisee_approval_status: fa,
        status,
      })
      .returning({ id: userMonthlyJobRequests.id });
    const mine = pets.filter((p) => p.user_id === customer).slice(0, plan.no_of_dogs);
    if (mine.length)
      await db
        .insert(userMonthlyJobRequestPets)
        .values(mine.map((p) => ({ user_monthly_job_request_id: req.id, user_pet_id: p.id })));
    // The whole month is generated (as if approved on its first day), so the past shows walks done.
    if (fa === 1 && walker) await generateWalks(db, req.id, new Date(`${monthStart}T00:00:00+05:30`));
    made.push({ id: req.id, customer, walker: fa === 1 ? walker : null });
  }

  // Past walks were walked.
  await db.execute(sql`
    update daily_job_plan_walks set status = 2,
      started_at = (date + timeslot) at time zone 'Asia/Kolkata',
      completed_at = (date + timeslot) at time zone 'Asia/Kolkata' + make_interval(mins => duration_minutes),
      distance_covered = 1.5 + (id % 7) * 0.35, calories_burnt = 60 + (id % 9) * 12,
      actual_duration_minutes = duration_minutes + (id % 5) - 2,
      walker_note = (array[${sql.join(
        NOTES.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[])[1 + id % ${NOTES.length}],
      rating = case when id % 4 = 3 then null else 3 + (id % 3) end, feedback = (array['Happy and tired', 'Pulled a lot today', 'Met two friends', null])[1 + id % 4],
      rated_at = case when id % 4 = 3 then null else (date + timeslot) at time zone 'Asia/Kolkata' + interval '3 hours' end
    where company_id = ${companyId} and date < ${today}::date`);
  await db.execute(sql`
    update daily_job_plans set status = 2 where company_id = ${companyId} and date < ${today}::date`);

  const withWalker = made.filter((m) => m.walker != null);
  if (withWalker.length) {
    const [first, second] = withWalker;
    // Pending leave on days with walks: a full day, and a morning (06:00-09:00) covering the 07:00 walk.
    await db.insert(leaveRequests).values([
      {
        company_id: companyId,
        user_id: first.walker!,
        franchisee_id: frIds[0],
        date: addDays(today, 1),
        leave_type: "full_day",
        reason: "Family function out of town; back the next morning.",
      },
      ...(second
        ? [
            {
              company_id: companyId,
              user_id: second.walker!,
              franchisee_id: frIds[0],
              date: addDays(today, 2),
              leave_type: "time_range",
              start_time: "06:00",
              end_time: "09:00",
              reason:
                "Doctor's appointment in the morning. I will be available from 9:30 onwards for the evening walks and can take an extra walk if someone needs cover later in the week.",
            },
          ]
        : []),
    ]);
    // An approved full-day leave with a replacement: its walks moved, who had them kept.
    const spare = walkersOf(frIds[0]).find((w) => !withWalker.some((m) => m.walker === w));
    if (spare && first.walker) {
      const day = addDays(today, 4);
      const [leave] = await db
        .insert(leaveRequests)
        .values({
          company_id: companyId,
          user_id: first.walker,
          franchisee_id: frIds[0],
          date: day,
          leave_type: "full_day",
          reason: "Sister's wedding.",
          status: 1,
          replacement_user_id: spare,
          admin_remarks: "Covered by the evening walker.",
          processed_at: new Date(),
        })
        .returning({ id: leaveRequests.id });
      const affected = await db
        .select({ id: dailyJobPlanWalks.id })
        .from(dailyJobPlanWalks)
        .where(
          and(
            eq(dailyJobPlanWalks.company_id, companyId),
            eq(dailyJobPlanWalks.walker_id, first.walker),
            eq(dailyJobPlanWalks.date, day),
          ),
        );
      if (affected.length) {
        await db.insert(leaveRequestWalks).values(
          affected.map((w) => ({
            leave_request_id: leave.id,
            walk_id: w.id,
            original_walker_id: first.walker,
            replacement_user_id: spare,
          })),
        );
        await db
          .update(dailyJobPlanWalks)
          .set({ walker_id: spare })
          .where(
            inArray(
              dailyJobPlanWalks.id,
              affected.map((w) => w.id),
            ),
          );
      }
    }

    // Customers' reschedule and cancel requests on the first approved request's future walks.
    const walks = await db.execute(sql`
      select w.id, w.date::text as date, w.timeslot::text as timeslot from daily_job_plan_walks w
      join daily_job_plans p on p.id = w.daily_job_plan_id
      where p.user_monthly_job_request_id = ${first.id} and w.walk_no = 1 and w.date > ${today}::date
      order by w.date`);
    const rows = rowsOf<{ id: number; date: string; timeslot: string }>(walks);
    // One walk each, as far apart as the month allows (one pending request per walk).
    const cases: ["reschedule" | "cancel", "pending" | "approved" | "rejected"][] = [
      ["reschedule", "pending"],
      ["cancel", "pending"],
      ["reschedule", "rejected"],
      ["cancel", "rejected"],
    ];
    // Near the month's end too few of its walks are still to come: the rest go on walks of the next month's first
    // odd days (a plan made by hand per day, for the same customer, walker and pets), so a fresh seed always has
    // pending requests, whatever the date.
    const [model] = await db
      .select()
      .from(dailyJobPlans)
      .where(eq(dailyJobPlans.user_monthly_job_request_id, first.id))
      .orderBy(asc(dailyJobPlans.date))
      .limit(1);
    for (let k = 0; model && rows.length < cases.length; k++) {
      const date = addDays(monthEnd, 1 + 2 * k);
      const [plan] = await db
        .insert(dailyJobPlans)
        .values({
          company_id: companyId,
          user_id: model.user_id,
          franchisee_id: model.franchisee_id,
          walker_id: model.walker_id,
          user_pet_id: model.user_pet_id,
          user_pet_2_id: model.user_pet_2_id,
          date,
        })
        .returning({ id: dailyJobPlans.id });
      const [walk] = await db
        .insert(dailyJobPlanWalks)
        .values({
          company_id: companyId,
          daily_job_plan_id: plan.id,
          franchisee_id: model.franchisee_id,
          walker_id: model.walker_id,
          walk_no: 1,
          date,
          timeslot: "07:00",
        })
        .returning({ id: dailyJobPlanWalks.id });
      rows.push({ id: walk.id, date, timeslot: "07:00:00" });
    }
    const step = Math.max(1, Math.floor(rows.length / cases.length));
    const picked = cases.slice(0, rows.length).map((c, k) => [rows[k * step], ...c] as const);
    if (picked.length) {
      const [price] = await db
        .select({ final_amount: plans.final_amount, days: plans.days, no_of_walks: plans.no_of_walks })
        .from(plans)
        .where(eq(plans.id, double.id));
      await db.insert(customerWalkRequests).values(
        picked.map(([w, type, status], k) => {
          const hours = hoursBefore(walkStart(w.date, w.timeslot));
          const refund =
            type === "cancel"
              ? refundFor(DEFAULT_WALK_POLICY.refund_tiers, hours, walkPrice(price ?? null))
              : { refund_eligibility: 0 as const, refund_percent: 0, refund_amount: 0 };
          return {
            company_id: companyId,
            user_id: first.customer,
            franchisee_id: frIds[0],
            walk_id: w.id,
            request_type: type,
            status,
            original_date: w.date,
            original_timeslot: w.timeslot,
            new_date: type === "reschedule" ? addDays(w.date, 1) : null,
            new_timeslot: type === "reschedule" ? "17:30" : null,
            reason: [
              "Going to my parents' place for the weekend, please move the walk to the next day.",
              "My dog is unwell and the vet asked for rest.",
              "Guests at home in the morning.",
              "",
            ][k],
            hours_before_walk: hours,
            ...refund,
            admin_remarks: status === "rejected" ? "No walker free at that time." : null,
            processed_at: status === "pending" ? null : new Date(),
          };
        }),
      );
      await db.execute(sql`update daily_job_plan_walks set status = 3 where id = ${picked[0][0].id}`);
    }
  }
  await db
    .insert(walkRequestPolicies)
    .values({ company_id: companyId, ...DEFAULT_WALK_POLICY })
    .onConflictDoNothing();
}
