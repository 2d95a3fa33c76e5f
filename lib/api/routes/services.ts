import "server-only";
import { z } from "zod";
import { listServiceUsers, servicesCrud, serviceUsersList } from "@/lib/operations/services";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listQuerySchema, listRowSchema } from "@/lib/platform/row-schema";
import { crudRoutes } from "../entity-routes";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

const usersList = serviceUsersList as unknown as List<Selection>;

/** Services (spec 001 §7): list, export, create, one, update, delete and restore; the users interested in one. */
export const servicesRoutes: ApiRoute[] = [
  ...crudRoutes(servicesCrud),
  {
    method: "GET",
    path: "services/:id/service_users",
    auth: "user",
    permission: "services.view",
    owned: "id",
    shape: "list",
    tag: servicesCrud.def.noun,
    summary: "The users interested in a service (user name, email, phone)",
    query: listQuerySchema(usersList),
    output: listAnswer(
      listRowSchema(usersList).extend({ user_name: z.string().describe("The user's name.") }),
    ),
    handler: ({ ctx, params, query }) => listServiceUsers(ctx, idParam(params.id), query),
  },
];
