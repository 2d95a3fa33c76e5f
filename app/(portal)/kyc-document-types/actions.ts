"use server";
import { kycDocumentTypeActions as a } from "@/lib/franchise/kyc-document-types";

export const createKycDocumentTypeAction = async (values: unknown) => a.create!(values);
export const updateKycDocumentTypeAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteKycDocumentTypeAction = async (id: string) => a.delete!(id);
export const restoreKycDocumentTypeAction = async (id: string) => a.restore!(id);
