"use server";
import { customerDataActions as a } from "@/lib/jobs/customer-data";

/** The customer page's dialogs: staff add or correct a pet or an address of the customer (opaque ids). */
export const savePetAction = async (customerId: string, petId: string | null, values: unknown) =>
  a.savePet(customerId, petId, values);
export const saveAddressAction = async (customerId: string, addressId: string | null, values: unknown) =>
  a.saveAddress(customerId, addressId, values);
