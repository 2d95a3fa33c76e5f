import "server-only";
import type { ApiRoute } from "../types";

/** The API's own documentation: the OpenAPI 3.1 document of this route table. */
export const docsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "openapi.json",
    auth: "public",
    shape: "document",
    tag: "Documentation",
    summary: "This API's OpenAPI 3.1 document",
    // Loaded on call: the document reads the route table, which holds this row.
    handler: async () => (await import("../openapi")).openApiDocument(),
  },
];
