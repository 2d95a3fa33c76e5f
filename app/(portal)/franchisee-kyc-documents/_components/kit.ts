import "server-only";
import {
  FRANCHISEE_KYC,
  franchiseeKycDocumentsCrud,
  franchiseeKycMasters,
} from "@/lib/franchise/franchisee-kyc-documents";
import { createFranchiseeKycDocumentAction, updateFranchiseeKycDocumentAction } from "../actions";

/** The franchisee documents' screens: their kind, domain functions, choices and actions. */
export const franchiseeKycKit = {
  kind: FRANCHISEE_KYC,
  crud: franchiseeKycDocumentsCrud,
  masters: franchiseeKycMasters,
  ownerSource: "franchisees" as const,
  ownerField: "franchisee_id" as const,
  ownerLabel: "Franchisee",
  create: createFranchiseeKycDocumentAction,
  update: updateFranchiseeKycDocumentAction,
};
