import "server-only";
import { z } from "zod";
import { listOutletUsersOf, outletUserMasters, outletUsersCrud } from "@/lib/operations/outlet-users";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listQuerySchema, listRowSchema } from "@/lib/platform/row-schema";
import { crudRoutes } from "../entity-routes";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

const def = outletUsersCrud.def;
const list = def.list as unknown as List<Selection>;
const userOption = z.object({ id: z.number(), user_name: z.string() });

/** Outlet users (spec 001 §7): per outlet list, the users picker, create, one, update, delete, export. */
export const outletUsersRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "outlets/:outletId/outlet_users",
    auth: "user",
    permission: def.permission("list"),
    owned: "outletId",
    shape: "list",
    tag: def.noun,
    summary: "The users assigned to an outlet (404 for an outlet outside the acting company)",
    query: listQuerySchema(list).omit({ outlet_id: true }),
    output: listAnswer(listRowSchema(list)),
    handler: ({ ctx, params, query }) => listOutletUsersOf(ctx, idParam(params.outletId), query),
  },
  {
    method: "GET",
    path: "outlet_users/masters",
    auth: "user",
    permission: null,
    variants: [def.permission("view"), def.permission("create"), def.permission("update")],
    shape: "data",
    tag: def.noun,
    summary: "The users the outlet user form offers: live, active users (role USER) of the acting company",
    output: z.object({ data: z.object({ users: z.array(userOption) }) }),
    handler: async ({ ctx }) => ({ data: await outletUserMasters(ctx) }),
  },
  ...crudRoutes(outletUsersCrud, ["create", "get", "update", "delete", "export"]),
];
