import { and, eq, isNull } from "drizzle-orm";
import {
  banners,
  companies,
  outlets,
  pjps,
  positions,
  services,
  stateGsts,
  stateHolidays,
  states,
  users,
} from "@/db/schema";
import type { Db } from "@/lib/platform/db";
import { ROLE_IDS } from "@/lib/platform/permissions";

/** Deleted records outside the caller's company, one per kind a restore route owns. */
export type Trash = {
  company: number;
  position: number;
  user: number;
  pjp: number;
  service: number;
  banner: number;
  state_holiday: number;
  state_gst: number;
  outlet: number;
};

/**
 * Makes the records the restore samples' `foreign` calls name: a deleted company, and a deleted position and user
 * of `companyId` (Wag Nation). A restore of a live record answers 404 because it is not in the trash, whatever the
 * scope; only a deleted one shows that the 404 comes from the company scope. Made deleted, so the seeded records
 * the other samples read stay live.
 */
export async function foreignTrash(db: Db, companyId: number): Promise<Trash> {
  const tag = Math.random().toString(36).slice(2, 8);
  const deleted_at = new Date();
  const [company] = await db
    .insert(companies)
    .values({
      name: `Contract Trashed Co ${tag}`,
      email: `trashed.${tag}@company.test`,
      phone: "+91 90000 12345",
      address: "1 Trash Road",
      deleted_at,
    })
    .returning({ id: companies.id });
  const [position] = await db
    .insert(positions)
    .values({ company_id: companyId, name: `Contract Trashed Position ${tag}`, deleted_at })
    .returning({ id: positions.id });
  const [customer] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(eq(positions.company_id, companyId), eq(positions.name, "CUSTOMER"), isNull(positions.deleted_at)),
    );
  const [user] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS.USER,
      position_id: customer.id,
      first_name: "Contract",
      last_name: `Trashed ${tag}`,
      email: `trashed.${tag}@users.test`,
      // Not an argon2 hash: nobody signs in as this user.
      password_hash: `!unset:trashed-${tag}`,
      deleted_at,
    })
    .returning({ id: users.id });
  const [pjp] = await db
    .insert(pjps)
    .values({
      company_id: companyId,
      name: `Contract Trashed Pjp ${tag}`,
      user_id: user.id,
      date: "2031-01-05",
      deleted_at,
    })
    .returning({ id: pjps.id });
  const [service] = await db
    .insert(services)
    .values({ company_id: companyId, name: `Contract Trashed Service ${tag}`, deleted_at })
    .returning({ id: services.id });
  const [banner] = await db
    .insert(banners)
    .values({ company_id: companyId, title: `Contract Trashed Banner ${tag}`, deleted_at })
    .returning({ id: banners.id });
  const [state] = await db.select({ id: states.id }).from(states).limit(1);
  const [holiday] = await db
    .insert(stateHolidays)
    .values({ company_id: companyId, state: state.id, holiday_date: "2031-01-06", deleted_at })
    .returning({ id: stateHolidays.id });
  const [gst] = await db
    .insert(stateGsts)
    .values({ company_id: companyId, state: state.id, gst: 18, deleted_at })
    .returning({ id: stateGsts.id });
  const [outlet] = await db
    .insert(outlets)
    .values({ company_id: companyId, name: `Contract Trashed Outlet ${tag}`, deleted_at })
    .returning({ id: outlets.id });
  return {
    company: company.id,
    position: position.id,
    user: user.id,
    pjp: pjp.id,
    service: service.id,
    banner: banner.id,
    state_holiday: holiday.id,
    state_gst: gst.id,
    outlet: outlet.id,
  };
}
