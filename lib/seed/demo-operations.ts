import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import {
  banners,
  outlets,
  outletUsers,
  pjpOutlets,
  pjpReferenceOutlets,
  pjpReferences,
  pjps,
  services,
  stateGsts,
  stateHolidays,
  states,
  userServiceInterests,
  users,
  valueLists,
  values,
} from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { SERVICE_TYPES_VALUE } from "@/lib/operations/master-names";
import { currentMonthYear, datesOfMonth, weekdayOf, weekParity } from "@/lib/operations/week-parity";

const MASTERS: Record<string, [description: string, code: string][]> = {
  [SERVICE_TYPES_VALUE]: [
    ["DOG WALKING", "WALK"],
    ["DOG TRAINING", "TRAIN"],
    ["DAYCARE", "DAYCARE"],
  ],
  ZONES: [
    ["NORTH", "N"],
    ["SOUTH", "S"],
    ["EAST", "E"],
    ["WEST", "W"],
  ],
  "PLAN TIERS": [
    ["BASIC", "BASIC"],
    ["PREMIUM", "PREMIUM"],
  ],
  // Customers' pets' breeds (issue 11: a monthly request's Pets sub-table shows breed.description).
  BREEDS: [
    ["LABRADOR RETRIEVER", "LAB"],
    ["GOLDEN RETRIEVER", "GOLDEN"],
    ["BEAGLE", "BEAGLE"],
    ["INDIE", "INDIE"],
    ["GERMAN SHEPHERD", "GSD"],
    ["SHIH TZU", "SHIHTZU"],
  ],
};

const OUTLETS: [name: string, brand: string][] = [
  ["Pet Stop Andheri", "Pet Stop"],
  ["Pet Stop Bandra", "Pet Stop"],
  ["Heads Up For Tails Powai", "HUFT"],
  ["Heads Up For Tails Juhu", "HUFT"],
  ["Just Dogs Colaba", "Just Dogs"],
  ["Dogsee Chew Worli", "Dogsee"],
];

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Master data and field operations of one demo company: values, services, outlets, PJP references, holidays, GST. */
export async function seedDemoOperations(db: Executor, companyId: number, stateName: string): Promise<void> {
  for (const [name, rows] of Object.entries(MASTERS)) {
    const [v] = await db.insert(values).values({ company_id: companyId, name }).returning({ id: values.id });
    await db
      .insert(valueLists)
      .values(
        rows.map(([description, code]) => ({ company_id: companyId, value_id: v.id, description, code })),
      );
  }
  const [type] = await db
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(and(eq(values.company_id, companyId), eq(values.name, SERVICE_TYPES_VALUE)))
    .orderBy(asc(valueLists.id))
    .limit(1);
  const svc = await db
    .insert(services)
    .values(
      [
        {
          name: "Morning Walk",
          brand: "Happy Steps",
          start_time: "06:00",
          end_time: "10:00",
          max_distance_km: 3,
        },
        {
          name: "Evening Walk",
          brand: "Happy Steps",
          start_time: "17:00",
          end_time: "20:00",
          max_distance_km: 3,
        },
        { name: "Puppy Training", brand: "Good Dog", min_pet_age: 0, max_pet_age: 2 },
        { name: "Day Boarding", brand: "Paw Inn", start_time: "08:00", end_time: "19:00" },
      ].map((s) => ({ ...s, company_id: companyId, service_type_id: type?.id ?? null })),
    )
    .returning({ id: services.id });

  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), isNotNull(users.employee_code), eq(users.is_active, 1)))
    .orderBy(asc(users.id))
    .limit(4);
  const customers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), sql`${users.employee_code} is null`, eq(users.role_id, 4)))
    .orderBy(asc(users.id))
    .limit(6);
  if (customers.length)
    await db.insert(userServiceInterests).values(
      customers.map((c, i) => ({
        company_id: companyId,
        user_id: c.id,
        service_id: svc[i % svc.length].id,
      })),
    );

  const out = await db
    .insert(outlets)
    .values(OUTLETS.map(([name, brand]) => ({ company_id: companyId, name, brand })))
    .returning({ id: outlets.id });
  if (staff.length) {
    await db.insert(outletUsers).values(
      out.map((o, i) => ({
        company_id: companyId,
        outlet_id: o.id,
        user_id: staff[i % staff.length].id,
        start_date: "2026-04-01",
      })),
    );
    const refs = await db
      .insert(pjpReferences)
      .values(
        DAYS.map((day, i) => ({
          company_id: companyId,
          name: `${day} round`,
          location: i % 2 ? "Western suburbs" : "South Mumbai",
          user_id: staff[i % staff.length].id,
          day,
          week: i % 2 ? "ODD" : "EVEN",
        })),
      )
      .returning();
    await db.insert(pjpReferenceOutlets).values(
      refs.flatMap((r, i) => [
        { pjp_reference_id: r.id, outlet_id: out[i % out.length].id },
        { pjp_reference_id: r.id, outlet_id: out[(i + 1) % out.length].id },
      ]),
    );
    // This month's PJPs, as "Copy Pjp from References" would make them (lib/operations/pjp-copy.ts).
    const planned = datesOfMonth(currentMonthYear()).flatMap((date) =>
      refs.flatMap((r, i) =>
        r.day === weekdayOf(date) && r.week === weekParity(date) ? [{ r, i, date }] : [],
      ),
    );
    if (planned.length) {
      const made = await db
        .insert(pjps)
        .values(
          planned.map(({ r, date }) => ({
            company_id: companyId,
            name: r.name,
            location: r.location,
            user_id: r.user_id,
            date,
          })),
        )
        .returning({ id: pjps.id });
      await db.insert(pjpOutlets).values(
        made.flatMap((p, k) => [
          { pjp_id: p.id, outlet_id: out[planned[k].i % out.length].id },
          { pjp_id: p.id, outlet_id: out[(planned[k].i + 1) % out.length].id },
        ]),
      );
    }
  }

  const [home] = await db.select({ id: states.id }).from(states).where(eq(states.description, stateName));
  const [delhi] = await db.select({ id: states.id }).from(states).where(eq(states.code, "DL"));
  if (home) {
    await db.insert(stateHolidays).values([
      {
        company_id: companyId,
        state: home.id,
        holiday_date: "2026-01-26",
        description: "Republic Day",
        is_recurring: 1,
      },
      {
        company_id: companyId,
        state: home.id,
        holiday_date: "2026-08-15",
        description: "Independence Day",
        is_recurring: 1,
      },
      {
        company_id: companyId,
        state: home.id,
        holiday_date: "2026-10-02",
        description: "Gandhi Jayanti",
        is_recurring: 1,
      },
      { company_id: companyId, state: home.id, holiday_date: "2026-11-08", description: "Diwali" },
    ]);
    await db
      .insert(stateGsts)
      .values([
        { company_id: companyId, state: home.id, gst: 18 },
        ...(delhi && delhi.id !== home.id ? [{ company_id: companyId, state: delhi.id, gst: 18 }] : []),
      ]);
  }
  await db.insert(banners).values([
    { company_id: companyId, title: "Monsoon walks: rain coats on us" },
    { company_id: companyId, title: "Refer a friend, get a week free", is_active: 0 },
  ]);
}
