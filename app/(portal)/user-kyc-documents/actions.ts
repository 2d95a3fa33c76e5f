"use server";
import { withUploadText } from "@/lib/franchise/kyc-common";
import { userKycDocumentActions as a } from "@/lib/franchise/user-kyc-documents";

export const createUserKycDocumentAction = async (values: unknown) => withUploadText(await a.create!(values));
export const updateUserKycDocumentAction = async (id: string, values: unknown) =>
  withUploadText(await a.update!(id, values));
export const deleteUserKycDocumentAction = async (id: string) => a.delete!(id);
export const restoreUserKycDocumentAction = async (id: string) => a.restore!(id);
export const exportUserKycDocumentsAction = async (params: Record<string, string>) => a.export!(params);
export const decideUserKycDocumentAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
