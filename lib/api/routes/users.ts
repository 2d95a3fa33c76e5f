import "server-only";
import type { ApiRoute } from "../types";

export const usersRoutes: ApiRoute[] = [];
