import "server-only";
import {
  staffChoices,
  USER_KYC,
  userKycDocumentsCrud,
  userKycMasters,
} from "@/lib/franchise/user-kyc-documents";
import { createUserKycDocumentAction, updateUserKycDocumentAction } from "../actions";

/** The staff documents' screens: their kind, domain functions, choices and actions. */
export const userKycKit = {
  kind: USER_KYC,
  crud: userKycDocumentsCrud,
  masters: userKycMasters,
  owners: staffChoices,
  ownerField: "user_id" as const,
  ownerLabel: "User",
  create: createUserKycDocumentAction,
  update: updateUserKycDocumentAction,
};
