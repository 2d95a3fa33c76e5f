import "server-only";
import { userAddressesCrud, userPetsCrud } from "@/lib/jobs/customer-data";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

const SUMMARIES: Record<string, string> = {
  "GET user_pets":
    "List pets: a customer's own; staff's, the customers they reach (filter user_id, search by name)",
  "POST user_pets":
    "Add a pet (a customer for themselves; staff for a customer they reach, user_id required). Multipart photo_path: an image, re-encoded",
  "GET user_pets/:id": "One pet, with its breed and photo URL",
  "PATCH user_pets/:id": "Update a pet (only the fields sent; multipart photo_path replaces the photo)",
  "POST user_pets/delete/:id": "Delete a pet (409 while a live monthly request covers it)",
  "POST user_pets/restore/:id": "Restore a deleted pet",
  "GET user_addresses":
    "List addresses: a customer's own; staff's, the customers they reach (filter user_id, search by address or pin code)",
  "POST user_addresses":
    "Add an address (a customer for themselves; staff for a customer they reach, user_id required); the first is the default",
  "GET user_addresses/:id": "One address, with its state",
  "PATCH user_addresses/:id": "Update an address (is_default true makes it the default and clears the other)",
  "POST user_addresses/delete/:id":
    "Delete an address (409 while a live monthly request uses it; the newest other address becomes the default)",
  "POST user_addresses/restore/:id": "Restore a deleted address",
};

/**
 * Customers' pets and addresses (issue 22), for the apps (a customer's own) and the back office (the customers it
 * reaches): list, create, one, update, delete and restore, under the OpenAPI tag "Apps".
 */
export const userPetsRoutes: ApiRoute[] = [
  ...crudRoutes(userPetsCrud, ["list", "create", "get", "update", "delete", "restore"]),
  ...crudRoutes(userAddressesCrud, ["list", "create", "get", "update", "delete", "restore"]),
].map((r) => ({ ...r, tag: "Apps", summary: SUMMARIES[`${r.method} ${r.path}`] ?? r.summary }));
