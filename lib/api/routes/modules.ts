import "server-only";
import {
  createModule,
  deleteModule,
  getModule,
  listModules,
  modulesDef,
  restoreModule,
  updateModule,
} from "@/lib/admin/modules";
import { entityRoute, exportRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

/** Modules (spec 000 §7). Global rows: no owned ids; writes are the SUPER ADMIN's (PLATFORM_ONLY). */
export const modulesRoutes: ApiRoute[] = [
  entityRoute("GET", "modules", listModules),
  exportRoute("module_exports", modulesDef),
  entityRoute("POST", "modules", createModule),
  entityRoute("POST", "modules/delete/:id", deleteModule),
  entityRoute("POST", "modules/restore/:id", restoreModule),
  entityRoute("GET", "modules/:id", getModule),
  entityRoute("PATCH", "modules/:id", updateModule),
];
