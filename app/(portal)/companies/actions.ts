"use server";
import { companyActions as a } from "@/lib/admin/companies";

export const createCompanyAction = async (values: unknown) => a.create!(values);
export const updateCompanyAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteCompanyAction = async (id: string) => a.delete!(id);
export const restoreCompanyAction = async (id: string) => a.restore!(id);
export const exportCompaniesAction = async (params: Record<string, string>) => a.export!(params);
