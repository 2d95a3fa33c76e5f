"use server";
import { valueListActions as a } from "@/lib/operations/value-lists";

export const createValueListAction = async (values: unknown) => a.create!(values);
export const updateValueListAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteValueListAction = async (id: string) => a.delete!(id);
