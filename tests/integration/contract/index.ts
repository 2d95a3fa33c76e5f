import { auditSamples } from "./audit";
import { companySamples } from "./companies";
import { mastersSamples } from "./masters";
import { modulesSamples } from "./modules";
import { notificationsSamples } from "./notifications";
import { outletUsersSamples } from "./outlet-users";
import { outletsSamples } from "./outlets";
import { permissionsSamples } from "./permissions";
import { pjpReferencesSamples } from "./pjp-references";
import { pjpUploadSamples } from "./pjp-upload";
import { pjpsSamples } from "./pjps";
import { positionsSamples } from "./positions";
import { rolesSamples } from "./roles";
import { sessionSamples } from "./session";
import { userTimestampsSamples } from "./user-timestamps";
import { userUploadSamples } from "./user-upload";
import { usersSamples } from "./users";
import { valueListsSamples } from "./value-lists";
import { valuesSamples } from "./values";
import { servicesSamples } from "./services";
import { bannersSamples } from "./banners";
import { stateHolidaysSamples } from "./state-holidays";
import { stateGstsSamples } from "./state-gsts";
import { plansSamples } from "./plans";
import { userServiceInterestsSamples } from "./user-service-interests";
import { blogsSamples } from "./blogs";
import { careerRequestsSamples } from "./career-requests";
import { franchiseesSamples } from "./franchisees";
import { masterFranchiseesSamples } from "./master-franchisees";
import { kycSamples } from "./kyc";
import { leaveRequestsSamples } from "./leave-requests";
import { dailyJobPlansSamples } from "./daily-job-plans";
import { monthlyRequestsSamples } from "./monthly-requests";
import { customerWalkRequestsSamples } from "./customer-walk-requests";
import { userPetsSamples } from "./user-pets";
import { walksSamples } from "./walks";
import { approvalsSamples } from "./approvals";
import type { Sample } from "./types";

export type { Env, Sample } from "./types";

/** Every route's sample, one file per area (the same areas as lib/api/routes). */
export const samples: Record<string, Sample> = {
  ...sessionSamples,
  ...companySamples,
  ...mastersSamples,
  ...usersSamples,
  ...userUploadSamples,
  ...positionsSamples,
  ...rolesSamples,
  ...modulesSamples,
  ...permissionsSamples,
  ...userTimestampsSamples,
  ...auditSamples,
  ...notificationsSamples,
  ...outletsSamples,
  ...outletUsersSamples,
  ...pjpsSamples,
  ...pjpUploadSamples,
  ...pjpReferencesSamples,
  ...valuesSamples,
  ...valueListsSamples,
  ...servicesSamples,
  ...bannersSamples,
  ...stateHolidaysSamples,
  ...stateGstsSamples,
  ...plansSamples,
  ...userServiceInterestsSamples,
  ...blogsSamples,
  ...careerRequestsSamples,
  ...franchiseesSamples,
  ...masterFranchiseesSamples,
  ...kycSamples,
  ...customerWalkRequestsSamples,
  ...leaveRequestsSamples,
  ...monthlyRequestsSamples,
  ...dailyJobPlansSamples,
  ...userPetsSamples,
  ...walksSamples,
  ...approvalsSamples,
};
