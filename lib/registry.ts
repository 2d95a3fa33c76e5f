import "server-only";
import { and, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { companiesDef, companyActions } from "@/lib/admin/companies";
import { moduleActions, modulesCrud } from "@/lib/admin/modules";
import { permissionActions, permissionsDef } from "@/lib/admin/permission-records";
import { positionActions, positionsCrud } from "@/lib/admin/positions";
import { roleActions, rolesDef } from "@/lib/admin/roles";
import { userActions, usersDef } from "@/lib/admin/users/users";
import { outletUserActions, outletUsersCrud } from "@/lib/operations/outlet-users";
import { outletActions, outletsCrud } from "@/lib/operations/outlets";
import { pjpReferenceActions, pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { pjpActions, pjpsCrud } from "@/lib/operations/pjps";
import { valueListActions, valueListsCrud } from "@/lib/operations/value-lists";
import { valueActions, valuesCrud } from "@/lib/operations/values";
import { serviceActions, servicesCrud } from "@/lib/operations/services";
import { bannerActions, bannersCrud } from "@/lib/operations/banners";
import { stateHolidayActions, stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { stateGstActions, stateGstsCrud } from "@/lib/operations/state-gsts";
import { planActions, plansCrud } from "@/lib/franchise/plans";
import { userServiceInterestActions, userServiceInterestsCrud } from "@/lib/franchise/user-service-interests";
import { blogActions, blogsCrud } from "@/lib/franchise/blogs";
import { blogDetailActions, blogDetailsCrud } from "@/lib/franchise/blog-details";
import { franchiseeActions, franchiseeApproval, franchiseesCrud } from "@/lib/franchise/franchisees";
import { masterFranchiseeActions, masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import {
  daycareCareerRequest,
  daycareCareerRequestActions,
  daycareCareerRequestsCrud,
} from "@/lib/franchise/daycare-career-requests";
import {
  franchiseeCareerRequest,
  franchiseeCareerRequestActions,
  franchiseeCareerRequestsCrud,
} from "@/lib/franchise/franchisee-career-requests";
import {
  petTrainerCareerRequest,
  petTrainerCareerRequestActions,
  petTrainerCareerRequestsCrud,
} from "@/lib/franchise/pet-trainer-career-requests";
import {
  petWalkieCareerRequest,
  petWalkieCareerRequestActions,
  petWalkieCareerRequestsCrud,
} from "@/lib/franchise/pet-walkie-career-requests";
import {
  franchiseeKycApproval,
  franchiseeKycDocumentActions,
  franchiseeKycDocumentsCrud,
} from "@/lib/franchise/franchisee-kyc-documents";
import { kycDocumentTypeActions, kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import {
  userKycApproval,
  userKycDocumentActions,
  userKycDocumentsCrud,
} from "@/lib/franchise/user-kyc-documents";
import { dailyJobPlanActions, dailyJobPlansCrud } from "@/lib/jobs/daily-job-plans";
import {
  franchiseeStep,
  monthlyRequestActions,
  monthlyRequestsCrud,
  statusStep,
} from "@/lib/jobs/monthly-requests";
import { leaveApproval, leaveRequestActions, leaveRequestsCrud } from "@/lib/jobs/leave-requests";
import {
  customerWalkRequestActions,
  customerWalkRequestsDef,
  walkRequestApproval,
} from "@/lib/jobs/customer-walk-requests";
import { customerSeesWalker, mayViewWalk, WALK_FILE_ENTITY } from "@/lib/jobs/walks";
import { userAddressesCrud, userPetsCrud, walkerSeesPet } from "@/lib/jobs/customer-data";
import { adminMasters } from "@/lib/admin/masters";
import { franchiseMasters } from "@/lib/franchise/masters";
import { jobsMasters } from "@/lib/jobs/masters";
import { operationsMasters } from "@/lib/operations/masters";
import type { Approval } from "@/lib/platform/approval";
import { can, type Ctx } from "@/lib/platform/context";
import { mastersOf } from "@/lib/platform/masters";
import { getDb } from "@/lib/platform/db";
import { exportOf, type AnyEntity } from "@/lib/platform/entity";
import type { EntityActions } from "@/lib/platform/entity-actions";
import type { ExportDef } from "@/lib/platform/exports";
import { isId } from "@/lib/platform/schemas";

/** One entity as the side channels see it: its declaration, its server actions, its export. */
export type Registered = { def: AnyEntity; actions?: EntityActions; export?: ExportDef<never> };

/**
 * Every entity of the portal, once. The seed's grants, record history, file serving, masters lookups, exports,
 * the menu and the contract suite read this list instead of keeping their own. Add a new entity here.
 */
export const registry: readonly Registered[] = (
  [
    { def: companiesDef, actions: companyActions },
    { def: modulesCrud.def, actions: moduleActions },
    { def: positionsCrud.def, actions: positionActions },
    { def: permissionsDef, actions: permissionActions },
    { def: rolesDef, actions: roleActions },
    { def: usersDef, actions: userActions },
    { def: outletsCrud.def, actions: outletActions },
    { def: outletUsersCrud.def, actions: outletUserActions },
    { def: pjpsCrud.def, actions: pjpActions },
    { def: pjpReferencesCrud.def, actions: pjpReferenceActions },
    { def: valuesCrud.def, actions: valueActions },
    { def: valueListsCrud.def, actions: valueListActions },
    { def: servicesCrud.def, actions: serviceActions },
    { def: bannersCrud.def, actions: bannerActions },
    { def: stateHolidaysCrud.def, actions: stateHolidayActions },
    { def: stateGstsCrud.def, actions: stateGstActions },
    { def: plansCrud.def, actions: planActions },
    { def: userServiceInterestsCrud.def, actions: userServiceInterestActions },
    { def: blogsCrud.def, actions: blogActions },
    { def: blogDetailsCrud.def, actions: blogDetailActions },
    { def: franchiseesCrud.def, actions: franchiseeActions },
    { def: masterFranchiseesCrud.def, actions: masterFranchiseeActions },
    { def: petWalkieCareerRequestsCrud.def, actions: petWalkieCareerRequestActions },
    { def: petTrainerCareerRequestsCrud.def, actions: petTrainerCareerRequestActions },
    { def: franchiseeCareerRequestsCrud.def, actions: franchiseeCareerRequestActions },
    { def: daycareCareerRequestsCrud.def, actions: daycareCareerRequestActions },
    { def: kycDocumentTypesCrud.def, actions: kycDocumentTypeActions },
    { def: franchiseeKycDocumentsCrud.def, actions: franchiseeKycDocumentActions },
    { def: userKycDocumentsCrud.def, actions: userKycDocumentActions },
    { def: customerWalkRequestsDef, actions: customerWalkRequestActions },
    { def: dailyJobPlansCrud.def, actions: dailyJobPlanActions },
    { def: leaveRequestsCrud.def, actions: leaveRequestActions },
    { def: monthlyRequestsCrud.def, actions: monthlyRequestActions },
    { def: userPetsCrud.def },
    { def: userAddressesCrud.def },
  ] as Omit<Registered, "export">[]
).map((r) => ({
  ...r,
  // An entity whose list declares export columns and whose export permission exists is exportable.
  export:
    r.def.list?.export && r.def.ops.includes("export") ? (exportOf(r.def) as ExportDef<never>) : undefined,
}));

const byName = new Map(registry.map((r) => [r.def.name as string, r]));

/** The registered entity of that name (the audit records' `entity`), if any. */
export const registered = (name: string): Registered | undefined => byName.get(name);

/**
 * Every approval workflow (lib/platform/approval.ts): the approvals inbox lists and decides their pending items. A
 * two-step workflow (monthly requests) has one declaration per step, for the same entity: the caller's step is the
 * one whose transitions they may take (`allowedTransitions(ctx, a).length`), never the first of its entity's.
 */
export const approvals: readonly Approval[] = [
  petWalkieCareerRequest.approval,
  petTrainerCareerRequest.approval,
  franchiseeCareerRequest.approval,
  daycareCareerRequest.approval,
  franchiseeApproval,
  franchiseeKycApproval,
  userKycApproval,
  leaveApproval,
  walkRequestApproval,
  franchiseeStep,
  statusStep,
];

/** GET masters: every area's lookup contexts, each opened by its entity's screens' permissions. */
export const masters = mastersOf(
  { ...adminMasters, ...operationsMasters, ...franchiseMasters, ...jobsMasters },
  (entity) => registered(entity)?.def,
);

/**
 * Whether the caller may view one record: the entity's view permission, and the record within the caller's scope
 * (trashed records included, so their history stays readable to whoever may restore them). An id past the id
 * range names no record.
 */
export async function mayViewRecord(ctx: Ctx, name: string, id: number): Promise<boolean> {
  // Records that own files but are no entity of their own: their module says who sees them.
  if (name === WALK_FILE_ENTITY) return isId(id) && mayViewWalk(ctx, id);
  const r = byName.get(name);
  if (!r || !isId(id) || !r.def.ops.includes("view") || !can(ctx, r.def.permission("view"))) return false;
  const t = r.def.table;
  let where;
  try {
    where = r.def.scope.where(ctx);
  } catch {
    return false;
  }
  const db = await getDb();
  const [hit] = await db
    .select({ id: t.id })
    .from(t as PgTable)
    .where(and(eq(t.id, id), where))
    .limit(1);
  return !!hit;
}

/**
 * Whether the caller may read the stored files of one record (/api/files): whoever may view the record, and the apps'
 * people who meet through walks without seeing each other's records (or their history): a walker reads the photo of
 * a pet they walk (lib/jobs/customer-data.ts), a customer the photo of a walker who walks their pets
 * (lib/jobs/walks.ts); and anyone their own photo.
 */
export async function mayReadFilesOf(ctx: Ctx, name: string, id: number): Promise<boolean> {
  if (await mayViewRecord(ctx, name, id)) return true;
  if (!isId(id)) return false;
  if (name === "user_pets") return walkerSeesPet(ctx, id);
  if (name === "users") return id === ctx.userId || customerSeesWalker(ctx, id);
  return false;
}
