import "server-only";
import type { ApiRoute } from "../types";

export const rolesRoutes: ApiRoute[] = [];
