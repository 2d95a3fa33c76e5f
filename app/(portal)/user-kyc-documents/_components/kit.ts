import "server-only";
import { USER_KYC, userKycDocumentsCrud, userKycMasters } from "@/lib/franchise/user-kyc-documents";
import { createUserKycDocumentAction, updateUserKycDocumentAction } from "../actions";

/** The staff documents' screens: their kind, domain functions, choices and actions. */
export const userKycKit = {
  kind: USER_KYC,
  crud: userKycDocumentsCrud,
  masters: userKycMasters,
  ownerSource: "staff" as const,
  ownerField: "user_id" as const,
  ownerLabel: "User",
  create: createUserKycDocumentAction,
  update: updateUserKycDocumentAction,
};
