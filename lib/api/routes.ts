import "server-only";
import { auditRoutes } from "./routes/audit";
import { companyRoutes } from "./routes/companies";
import { docsRoutes } from "./routes/docs";
import { mastersRoutes } from "./routes/masters";
import { modulesRoutes } from "./routes/modules";
import { notificationsRoutes } from "./routes/notifications";
import { outletUsersRoutes } from "./routes/outlet-users";
import { outletsRoutes } from "./routes/outlets";
import { permissionsRoutes } from "./routes/permissions";
import { pjpReferencesRoutes } from "./routes/pjp-references";
import { pjpUploadRoutes } from "./routes/pjp-upload";
import { pjpsRoutes } from "./routes/pjps";
import { positionsRoutes } from "./routes/positions";
import { profileRoutes } from "./routes/profile";
import { rolesRoutes } from "./routes/roles";
import { sessionRoutes } from "./routes/session";
import { userTimestampsRoutes } from "./routes/user-timestamps";
import { userUploadRoutes } from "./routes/user-upload";
import { usersRoutes } from "./routes/users";
import { valueListsRoutes } from "./routes/value-lists";
import { valuesRoutes } from "./routes/values";
import { servicesRoutes } from "./routes/services";
import { bannersRoutes } from "./routes/banners";
import { stateHolidaysRoutes } from "./routes/state-holidays";
import { stateGstsRoutes } from "./routes/state-gsts";
import { plansRoutes } from "./routes/plans";
import { userServiceInterestsRoutes } from "./routes/user-service-interests";
import { blogsRoutes } from "./routes/blogs";
import { franchiseesRoutes } from "./routes/franchisees";
import { masterFranchiseesRoutes } from "./routes/master-franchisees";
import { careerRequestsRoutes } from "./routes/career-requests";
import { kycRoutes } from "./routes/kyc";
import { dailyJobPlansRoutes } from "./routes/daily-job-plans";
import { monthlyRequestsRoutes } from "./routes/monthly-requests";
import { leaveRequestsRoutes } from "./routes/leave-requests";
import { customerWalkRequestsRoutes } from "./routes/customer-walk-requests";
import { walksRoutes } from "./routes/walks";
import { userPetsRoutes } from "./routes/user-pets";
import { approvalsRoutes } from "./routes/approvals";
import type { ApiRoute } from "./types";

/**
 * The /api surface: one row per call of the spec, one file per area under ./routes. The dispatcher and the
 * contract tests both read this table.
 */
export const apiRoutes: ApiRoute[] = [
  ...sessionRoutes,
  ...profileRoutes,
  ...companyRoutes,
  ...mastersRoutes,
  ...usersRoutes,
  ...userUploadRoutes,
  ...positionsRoutes,
  ...rolesRoutes,
  ...modulesRoutes,
  ...permissionsRoutes,
  ...userTimestampsRoutes,
  ...auditRoutes,
  ...notificationsRoutes,
  ...outletsRoutes,
  ...outletUsersRoutes,
  ...pjpsRoutes,
  ...pjpUploadRoutes,
  ...pjpReferencesRoutes,
  ...valuesRoutes,
  ...valueListsRoutes,
  ...servicesRoutes,
  ...bannersRoutes,
  ...stateHolidaysRoutes,
  ...stateGstsRoutes,
  ...plansRoutes,
  ...userServiceInterestsRoutes,
  ...blogsRoutes,
  ...franchiseesRoutes,
  ...masterFranchiseesRoutes,
  ...careerRequestsRoutes,
  ...kycRoutes,
  ...dailyJobPlansRoutes,
  ...monthlyRequestsRoutes,
  ...leaveRequestsRoutes,
  ...customerWalkRequestsRoutes,
  ...walksRoutes,
  ...userPetsRoutes,
  ...approvalsRoutes,
  ...docsRoutes,
];
