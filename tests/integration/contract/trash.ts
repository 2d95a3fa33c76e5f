import { and, eq, isNull } from "drizzle-orm";
import {
  banners,
  blogDetails,
  blogs,
  companies,
  outlets,
  pjps,
  plans,
  positions,
  services,
  stateGsts,
  stateHolidays,
  states,
  userServiceInterests,
  users,
  franchiseeKycDocuments,
  franchisees,
  kycDocumentTypes,
  masterFranchisees,
  userKycDocuments,
  daycareCareerRequests,
  franchiseeCareerRequests,
  petTrainerCareerRequests,
  petWalkieCareerRequests,
  leaveRequests,
  userMonthlyJobRequests,
  customerWalkRequests,
  dailyJobPlans,
  dailyJobPlanWalks,
  userAddresses,
  userPets,
} from "@/db/schema";
import type { Db } from "@/lib/platform/db";
import { ROLE_IDS } from "@/lib/platform/permissions";

/** Deleted records outside the caller's company, one per kind a restore route owns. */
export type Trash = {
  franchisee: number;
  master_franchisee: number;
  kyc_document_type: number;
  franchisee_kyc_document: number;
  user_kyc_document: number;
  company: number;
  position: number;
  user: number;
  pjp: number;
  service: number;
  banner: number;
  state_holiday: number;
  state_gst: number;
  outlet: number;
  plan: number;
  user_service_interest: number;
  blog: number;
  blog_detail: number;
  pet_walkie_career_request: number;
  pet_trainer_career_request: number;
  franchisee_career_request: number;
  daycare_career_request: number;
  leave_request: number;
  user_monthly_job_request: number;
  customer_walk_request: number;
  daily_job_plan: number;
  user_pet: number;
  user_address: number;
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
  const [plan] = await db
    .insert(plans)
    .values({ company_id: companyId, no_of_dogs: 1, no_of_walks: 1, original_amount: 100, deleted_at })
    .returning({ id: plans.id });
  const [interest] = await db
    .insert(userServiceInterests)
    .values({ company_id: companyId, user_id: user.id, service_id: service.id, deleted_at })
    .returning({ id: userServiceInterests.id });
  const [blog] = await db
    .insert(blogs)
    .values({ company_id: companyId, title: `Contract Trashed Blog ${tag}`, deleted_at })
    .returning({ id: blogs.id });
  // A deleted detail of a live blog: its restore answers 404 because of the company alone.
  const [liveBlog] = await db
    .insert(blogs)
    .values({ company_id: companyId, title: `Contract Blog Of A Trashed Detail ${tag}` })
    .returning({ id: blogs.id });
  const [blogDetail] = await db
    .insert(blogDetails)
    .values({ company_id: companyId, blog_id: liveBlog.id, deleted_at })
    .returning({ id: blogDetails.id });
  // KYC: a deleted document type, and deleted documents (of a franchisee of the company, of the trashed user).
  const [kycType] = await db
    .insert(kycDocumentTypes)
    .values({
      company_id: companyId,
      code: `TR${tag}`,
      description: `Contract Trashed Type ${tag}`,
      is_required: 0,
      deleted_at,
    })
    .returning({ id: kycDocumentTypes.id });
  const [liveType] = await db
    .insert(kycDocumentTypes)
    .values({
      company_id: companyId,
      code: `TL${tag}`,
      description: `Contract Type Of Trashed Documents ${tag}`,
      is_required: 0,
    })
    .returning({ id: kycDocumentTypes.id });
  const [anyFranchisee] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(eq(franchisees.company_id, companyId))
    .limit(1);
  const [kycDoc] = await db
    .insert(franchiseeKycDocuments)
    .values({
      company_id: companyId,
      franchisee_id: anyFranchisee.id,
      document_type_id: liveType.id,
      document_name: `Trashed ${tag}`,
      deleted_at,
    })
    .returning({ id: franchiseeKycDocuments.id });
  const [staffDoc] = await db
    .insert(userKycDocuments)
    .values({
      company_id: companyId,
      user_id: user.id,
      document_type_id: liveType.id,
      document_name: `Trashed ${tag}`,
      deleted_at,
    })
    .returning({ id: userKycDocuments.id });
  // Career requests: one deleted application of each kind.
  const applicant = { company_id: companyId, phone_no: "+91 90000 12345", deleted_at };
  const [walkie] = await db
    .insert(petWalkieCareerRequests)
    .values({ ...applicant, user_name: `Contract Trashed Walker ${tag}` })
    .returning({ id: petWalkieCareerRequests.id });
  const [trainer] = await db
    .insert(petTrainerCareerRequests)
    .values({ ...applicant, user_name: `Contract Trashed Trainer ${tag}` })
    .returning({ id: petTrainerCareerRequests.id });
  const [franchiseeRequest] = await db
    .insert(franchiseeCareerRequests)
    .values({ ...applicant, full_name: `Contract Trashed Franchisee ${tag}` })
    .returning({ id: franchiseeCareerRequests.id });
  const [daycare] = await db
    .insert(daycareCareerRequests)
    .values({ ...applicant, full_name: `Contract Trashed Daycare ${tag}` })
    .returning({ id: daycareCareerRequests.id });
  const [franchisee] = await db
    .insert(franchisees)
    .values({ company_id: companyId, name: `Contract Trashed Franchisee ${tag}`, deleted_at })
    .returning({ id: franchisees.id });
  // A deleted master franchisee record (of the trashed user: no live record clashes with its restore).
  const [master] = await db
    .insert(masterFranchisees)
    .values({ company_id: companyId, user_id: user.id, deleted_at })
    .returning({ id: masterFranchisees.id });
  // A deleted leave request (of the trashed user).
  const [leave] = await db
    .insert(leaveRequests)
    .values({ company_id: companyId, user_id: user.id, date: "2031-01-03", deleted_at })
    .returning({ id: leaveRequests.id });
  // A deleted monthly job request (of the trashed user).
  const [monthly] = await db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: companyId,
      user_id: user.id,
      month: 1,
      year: 2031,
      start_date: "2031-01-01",
      end_date: "2031-01-31",
      deleted_at,
    })
    .returning({ id: userMonthlyJobRequests.id });
  // A deleted customer walk request (of the trashed user, on a walk of their own daily plan).
  const [walkPlan] = await db
    .insert(dailyJobPlans)
    .values({ company_id: companyId, user_id: user.id, date: "2031-01-02" })
    .returning({ id: dailyJobPlans.id });
  const [walk] = await db
    .insert(dailyJobPlanWalks)
    .values({ company_id: companyId, daily_job_plan_id: walkPlan.id, date: "2031-01-02", timeslot: "07:00" })
    .returning({ id: dailyJobPlanWalks.id });
  const [walkRequest] = await db
    .insert(customerWalkRequests)
    .values({
      company_id: companyId,
      user_id: user.id,
      walk_id: walk.id,
      request_type: "cancel",
      original_date: "2031-01-02",
      original_timeslot: "07:00",
      deleted_at,
    })
    .returning({ id: customerWalkRequests.id });
  const [trashedPlan] = await db
    .insert(dailyJobPlans)
    .values({ company_id: companyId, user_id: user.id, date: "2031-01-04", deleted_at })
    .returning({ id: dailyJobPlans.id });
  // A deleted pet and address (of the trashed user).
  const [pet] = await db
    .insert(userPets)
    .values({ company_id: companyId, user_id: user.id, name: `Contract Trashed Pet ${tag}`, deleted_at })
    .returning({ id: userPets.id });
  const [address] = await db
    .insert(userAddresses)
    .values({
      company_id: companyId,
      user_id: user.id,
      address: `Contract Trashed Address ${tag}`,
      deleted_at,
    })
    .returning({ id: userAddresses.id });
  return {
    user_pet: pet.id,
    user_address: address.id,
    customer_walk_request: walkRequest.id,
    daily_job_plan: trashedPlan.id,
    user_monthly_job_request: monthly.id,
    franchisee: franchisee.id,
    master_franchisee: master.id,
    pet_walkie_career_request: walkie.id,
    pet_trainer_career_request: trainer.id,
    franchisee_career_request: franchiseeRequest.id,
    daycare_career_request: daycare.id,
    leave_request: leave.id,
    kyc_document_type: kycType.id,
    franchisee_kyc_document: kycDoc.id,
    user_kyc_document: staffDoc.id,
    company: company.id,
    position: position.id,
    user: user.id,
    pjp: pjp.id,
    service: service.id,
    banner: banner.id,
    state_holiday: holiday.id,
    state_gst: gst.id,
    outlet: outlet.id,
    plan: plan.id,
    user_service_interest: interest.id,
    blog: blog.id,
    blog_detail: blogDetail.id,
  };
}
