"use server";
import { franchiseeKycDocumentActions as a } from "@/lib/franchise/franchisee-kyc-documents";
import { withUploadText } from "@/lib/franchise/kyc-common";

export const createFranchiseeKycDocumentAction = async (values: unknown) =>
  withUploadText(await a.create!(values));
export const updateFranchiseeKycDocumentAction = async (id: string, values: unknown) =>
  withUploadText(await a.update!(id, values));
export const deleteFranchiseeKycDocumentAction = async (id: string) => a.delete!(id);
export const restoreFranchiseeKycDocumentAction = async (id: string) => a.restore!(id);
export const exportFranchiseeKycDocumentsAction = async (params: Record<string, string>) => a.export!(params);
export const decideFranchiseeKycDocumentAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
