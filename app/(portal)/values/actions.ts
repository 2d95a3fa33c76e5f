"use server";
import { valueActions as a } from "@/lib/operations/values";

export const createValueAction = async (values: unknown) => a.create!(values);
export const updateValueAction = async (id: string, values: unknown) => a.update!(id, values);
