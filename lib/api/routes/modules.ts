import "server-only";
import { modulesCrud } from "@/lib/admin/modules";
import { crudRoutes } from "../entity-routes";

/** Modules (spec 000 §7). Global rows: no owned ids; writes are the SUPER ADMIN's (PLATFORM_ONLY). */
export const modulesRoutes = crudRoutes(modulesCrud);
