import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { positions, userAddresses, userPets, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import type { Env, Sample } from "./types";

// Contract samples of customers' pets and addresses (lib/api/routes/user-pets.ts). Calls that change a record get a
// fresh one of a customer (CUSTOMER position) with no monthly request holding it; restores a deleted one.

let n = 0;

/** The first live customer (role USER, CUSTOMER position, no franchisee) of a company. */
export async function customerOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(positions, eq(positions.id, users.position_id))
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
        sql`upper(${positions.name}) = 'CUSTOMER'`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return u.id;
}

/** A fresh pet of a company's customer (deleted when asked). */
export async function sparePet(e: Pick<Env, "db">, companyId: number, deleted = false): Promise<number> {
  const [p] = await e.db
    .insert(userPets)
    .values({
      company_id: companyId,
      user_id: await customerOf(e, companyId),
      name: `Contract Pet ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: userPets.id });
  return p.id;
}

/** A fresh (non-default) address of a company's customer (deleted when asked). */
export async function spareAddress(e: Pick<Env, "db">, companyId: number, deleted = false): Promise<number> {
  const [a] = await e.db
    .insert(userAddresses)
    .values({
      company_id: companyId,
      user_id: await customerOf(e, companyId),
      address: `Contract Address ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: userAddresses.id });
  return a.id;
}

const spare = { customer: 0, pet: 0, petDel: 0, petRestore: 0, address: 0, addressDel: 0, addressRestore: 0 };

export const userPetsSamples: Record<string, Sample> = {
  "GET user_pets": {
    path: async (e) =>
      `user_pets?page=1&rowsPerPage=5&show_deleted=0&search_keyword=o&user_id=${await customerOf(e, e.happyId)}`,
  },
  "POST user_pets": {
    before: async (e) => void (spare.customer = await customerOf(e, e.happyId)),
    path: () => "user_pets",
    body: () => ({
      name: `Contract Pet ${++n}`,
      user_id: spare.customer,
      weight: 12.5,
      gender: "MALE",
      temperament: "Friendly",
    }),
  },
  "GET user_pets/:id": {
    before: async (e) => void (spare.pet = await sparePet(e, e.happyId)),
    path: () => `user_pets/${spare.pet}`,
    foreign: async (e) => `user_pets/${await sparePet(e, e.wagId)}`,
  },
  "PATCH user_pets/:id": {
    before: async (e) => void (spare.pet = await sparePet(e, e.happyId)),
    path: () => `user_pets/${spare.pet}`,
    body: () => ({ weight: 9.5, medical_notes: "None" }),
    foreign: async (e) => `user_pets/${await sparePet(e, e.wagId)}`,
  },
  "POST user_pets/delete/:id": {
    before: async (e) => void (spare.petDel = await sparePet(e, e.happyId)),
    path: () => `user_pets/delete/${spare.petDel}`,
    foreign: async (e) => `user_pets/delete/${await sparePet(e, e.wagId)}`,
  },
  "POST user_pets/restore/:id": {
    before: async (e) => void (spare.petRestore = await sparePet(e, e.happyId, true)),
    path: () => `user_pets/restore/${spare.petRestore}`,
    foreign: (e) => `user_pets/restore/${e.trash.user_pet}`,
  },
  "GET user_addresses": {
    path: async (e) =>
      `user_addresses?page=1&rowsPerPage=5&show_deleted=0&search_keyword=a&user_id=${await customerOf(e, e.happyId)}`,
  },
  "POST user_addresses": {
    before: async (e) => void (spare.customer = await customerOf(e, e.happyId)),
    path: () => "user_addresses",
    body: () => ({
      address: `Contract Address ${++n}`,
      user_id: spare.customer,
      lat: 19.07,
      long: 72.87,
      pin_code: "400050",
    }),
  },
  "GET user_addresses/:id": {
    before: async (e) => void (spare.address = await spareAddress(e, e.happyId)),
    path: () => `user_addresses/${spare.address}`,
    foreign: async (e) => `user_addresses/${await spareAddress(e, e.wagId)}`,
  },
  "PATCH user_addresses/:id": {
    before: async (e) => void (spare.address = await spareAddress(e, e.happyId)),
    path: () => `user_addresses/${spare.address}`,
    body: () => ({ pin_code: "400051" }),
    foreign: async (e) => `user_addresses/${await spareAddress(e, e.wagId)}`,
  },
  "POST user_addresses/delete/:id": {
    before: async (e) => void (spare.addressDel = await spareAddress(e, e.happyId)),
    path: () => `user_addresses/delete/${spare.addressDel}`,
    foreign: async (e) => `user_addresses/delete/${await spareAddress(e, e.wagId)}`,
  },
  "POST user_addresses/restore/:id": {
    before: async (e) => void (spare.addressRestore = await spareAddress(e, e.happyId, true)),
    path: () => `user_addresses/restore/${spare.addressRestore}`,
    foreign: (e) => `user_addresses/restore/${e.trash.user_address}`,
  },
};
