import "server-only";
import type { ApiRoute } from "../types";

export const auditRoutes: ApiRoute[] = [];
