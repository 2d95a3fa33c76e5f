import "server-only";
import { z } from "zod";
import pkg from "@/package.json";
import { apiRoutes } from "./routes";
import type { ApiRoute } from "./types";

type Json = Record<string, unknown>;
type Components = { schemas: Record<string, Json> };

const TITLE = "Pet Services Portal API";

const DESCRIPTION = `The server behind the portal, for the mobile apps and other clients.

**Signing in.** \`POST /api/login\` with \`email\`, \`password\` and \`is_web: false\` answers a \`token\`; send it as
\`Authorization: Bearer <token>\` on every other call. \`POST /api/logout\` revokes it. A token also ends when the
user's password changes or the user is deactivated.

**Company.** Company data belongs to the company the caller acts for: their own company by default. A user who
belongs to several companies (or a SUPER ADMIN / BACKEND ADMIN) picks one with the \`company-id\` header (its numeric
id); a company the caller may not act for answers 403.

**Ids.** A path id is the record's number, or the opaque id the portal's links carry. Another company's record
answers 404, exactly like a missing one.

**Lists** answer \`{ data, count }\` and read \`page\`, \`rowsPerPage\` and \`search_keyword\`; where a list offers it,
\`cursor\` (the \`next_cursor\` of the previous page) and \`before\` (its \`prev_cursor\`) page deep lists by keyset:
OFFSET reads every skipped row, a cursor does not. \`count\` is exact up to 10,000 rows; beyond that it is the
planner's estimate and \`count_estimated\` is true.

**Errors** answer \`{ message }\`; a validation error (422) adds \`errors\`: each field with its messages.

**Versions.** A record's answer carries an \`ETag\`: its version (its \`updated_at\`). Send it back as \`If-Match\` on
the update: when someone saved the record since you read it, nothing is written and the answer is 412 with
"This record was changed by <name> at <time>."; read the record again, then save. Without
If-Match an update is not checked (the last save wins). \`If-Match: *\` saves whatever the version.

**Idempotency.** A create takes an \`Idempotency-Key\` header (1-255 visible characters; a UUID per create): sent again by
the same caller within 24 hours, it answers the first create's answer (with \`Idempotent-Replayed: true\`) and creates
nothing, so a retry after a lost answer never makes a second record. The same key with another body answers 422. A
refused create keeps no key.`;

/** Security requirements of a user route: a bearer token, with or without the company-id header. */
const USER_SECURITY = [{ bearer: [], companyId: [] }, { bearer: [] }];

const ERROR_SCHEMA: Json = {
  type: "object",
  description: "Every error answer. `errors` comes with 422: field name → its messages.",
  properties: {
    message: { type: "string" },
    errors: {
      type: "object",
      additionalProperties: { type: "array", items: { type: "string" } },
    },
  },
  required: ["message"],
};

const errorResponse = (description: string, example: Json, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: {
    "application/json": { schema: { $ref: "#/components/schemas/Error" }, example },
  },
});

const RESPONSES: Record<string, Json> = {
  BadRequest: errorResponse("The body is not a JSON object (or a readable form).", {
    message: "The request body must be a JSON object.",
  }),
  Unauthenticated: errorResponse("No token, or an expired or revoked one.", { message: "Unauthenticated." }),
  Forbidden: errorResponse(
    "The caller lacks the permission, or may not act for the company in the company-id header.",
    { message: "You are not authorized to perform this action." },
  ),
  NotFound: errorResponse("No such record in the caller's company (another company's id answers the same).", {
    message: "Not found.",
  }),
  Conflict: errorResponse("The record is still in use, so the change is refused.", {
    message: "This position is assigned to users.",
  }),
  PayloadTooLarge: errorResponse("The body or an uploaded file is too large.", {
    message: "The file may not be greater than 5 MB.",
  }),
  ValidationError: errorResponse("The input is invalid: `errors` lists each field's messages.", {
    message: "The given data was invalid.",
    errors: { name: ["The name field is required."] },
  }),
  PreconditionFailed: errorResponse(
    "The If-Match version is not the record's current one: someone saved it since. Nothing was written; read the record again (its ETag) and save.",
    { message: "This record was changed by Asha Rao at 26-11-2026 06:30 PM." },
  ),
  TooManyRequests: errorResponse(
    "Too many requests: wait for the Retry-After seconds before trying again.",
    { message: "Too many requests." },
    { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } },
  ),
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

// A path segment: the record's number, or the 22-character opaque id of the portal's links. (One string pattern
// rather than integer|string: Swagger UI's "Try it out" refuses values of type-array and oneOf parameters.)
const ID_SCHEMA: Json = {
  type: "string",
  pattern: "^(?:[1-9][0-9]{0,9}|[A-Za-z0-9_-]{22})$",
  examples: ["12"],
};

const IF_MATCH: Json = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    "The ETag of the record as you read it: a save over someone else's newer save answers 412 instead. Without it the save is not checked.",
  schema: { type: "string" },
};
const IDEMPOTENCY_KEY: Json = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "A key of your own per create (a UUID): the same key again within 24 hours answers the first answer and creates nothing; with another body, 422.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};
const ETAG_HEADER: Json = {
  description: "The record's version, for If-Match on its update.",
  schema: { type: "string" },
};
const REPLAYED_HEADER: Json = {
  description:
    "`true` when the answer is the stored answer of an earlier create with the same Idempotency-Key.",
  schema: { type: "string", enum: ["true"] },
};

/** zod → JSON Schema, never throwing: what cannot be represented becomes `{}` (any), and a failure a described `{}`. */
function toJsonSchema(schema: z.ZodType, io: "input" | "output", name: string, components: Components): Json {
  let out: Json;
  try {
    out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  } catch {
    return { description: "This schema cannot be shown as JSON Schema." };
  }
  return hoistDefs(out, name, components);
}

/**
 * zod puts shared and recursive pieces under the schema's own `$defs` and points at them with `#/$defs/…` (or `#`
 * for the root). Inside an OpenAPI document `#` is the document itself, so they move to components.schemas.
 */
function hoistDefs(schema: Json, name: string, components: Components): Json {
  const { $schema: _ignored, $defs, ...root } = schema as Json & { $defs?: Record<string, Json> };
  void _ignored;
  const defs = $defs ?? {};
  const selfRef = JSON.stringify(root).includes('"$ref":"#"');
  if (!Object.keys(defs).length && !selfRef) return root;

  const names = new Map<string, string>();
  const taken = new Set(Object.keys(components.schemas));
  const pick = (wanted: string) => {
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, "_") || "Schema";
    let n = base;
    for (let i = 2; taken.has(n); i++) n = `${base}_${i}`;
    taken.add(n);
    return n;
  };
  // A def with an id from .meta({ id }) keeps it when the same schema is already there (shared across operations).
  const reuse = (key: string) => {
    if (key.startsWith("__schema") || !(key in components.schemas)) return null;
    return JSON.stringify(components.schemas[key]) === JSON.stringify(rewrite(defs[key])) ? key : null;
  };
  const rewrite = (node: unknown): Json =>
    JSON.parse(
      JSON.stringify(node, (k, v) => {
        if (k !== "$ref" || typeof v !== "string") return v;
        if (v === "#") return `#/components/schemas/${rootName}`;
        const m = /^#\/\$defs\/(.+)$/.exec(v);
        return m ? `#/components/schemas/${names.get(m[1]) ?? m[1]}` : v;
      }),
    ) as Json;
  const rootName = selfRef ? pick(name) : "";
  for (const key of Object.keys(defs)) names.set(key, key);
  for (const key of Object.keys(defs)) {
    const kept = reuse(key);
    names.set(key, kept ?? pick(key.startsWith("__schema") ? `${name}_${key.slice(8)}` : key));
  }
  for (const [key, target] of names) components.schemas[target] ??= rewrite(defs[key]);
  if (!selfRef) return rewrite(root);
  components.schemas[rootName] = rewrite(root);
  return { $ref: `#/components/schemas/${rootName}` };
}

const openApiPath = (path: string) => `/${path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
/** getPositionsId, postCrudUsersUploadUser: camelCase, as Swagger UI's deep links read `_` as an escaped space. */
const operationIdOf = (r: ApiRoute) =>
  r.method.toLowerCase() +
  r.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/** A row's properties and required names when its schema is an object (after conversion). */
function objectParts(s: Json): { properties: Record<string, Json>; required: string[] } {
  const properties = (s.properties ?? {}) as Record<string, Json>;
  return { properties, required: Array.isArray(s.required) ? (s.required as string[]) : [] };
}

function queryParameters(r: ApiRoute, opId: string, components: Components): Json[] {
  if (!r.query) return [];
  const { properties, required } = objectParts(toJsonSchema(r.query, "input", `${opId}_query`, components));
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: "query",
      required: required.includes(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBody(r: ApiRoute, opId: string, components: Components): Json | undefined {
  const files = r.files ?? [];
  if (!r.input && !files.length) return undefined;
  const content: Json = {};
  const input = r.input ? toJsonSchema(r.input, "input", `${opId}_input`, components) : undefined;
  if (input) content["application/json"] = { schema: input };
  if (files.length) {
    const { properties, required } = input ? objectParts(input) : { properties: {}, required: [] };
    const fileProps = Object.fromEntries(
      files.map((f) => [
        f,
        { type: "string", format: "binary", contentMediaType: "application/octet-stream" },
      ]),
    );
    content["multipart/form-data"] = {
      schema: {
        type: "object",
        properties: { ...properties, ...fileProps },
        ...(required.length ? { required } : {}),
      },
    };
  }
  return { required: true, content };
}

/** The success answer: the row's output schema, or what its shape promises. */
function successResponse(r: ApiRoute, opId: string, components: Components): Json {
  if (r.shape === "file")
    return {
      description: "The file.",
      content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
    };
  if (r.output)
    return {
      description: "OK",
      content: {
        "application/json": { schema: toJsonSchema(r.output, "output", `${opId}_output`, components) },
      },
    };
  const json = (description: string, schema: Json) => ({
    description,
    content: { "application/json": { schema } },
  });
  switch (r.shape) {
    case "list":
      return json("A page of rows.", {
        type: "object",
        properties: {
          data: { type: "array", items: { type: "object" } },
          count: { type: "integer", description: "Rows matching the filters, over all pages." },
          count_estimated: { type: "boolean", description: "Whether count is the planner's estimate." },
          next_cursor: {
            type: ["string", "null"],
            description: "Send as `cursor` for the next page (keyset paging).",
          },
          prev_cursor: {
            type: ["string", "null"],
            description: "Send as `before` for the previous page (keyset paging).",
          },
        },
        required: ["data", "count"],
      });
    case "data":
      return json("OK", { type: "object", properties: { data: {} }, required: ["data"] });
    case "message":
      return json("Done.", {
        type: "object",
        properties: { message: { type: "string" }, data: {} },
        required: ["message"],
      });
    case "token":
      return json("Signed in.", {
        type: "object",
        properties: {
          token: { type: "string", description: "Send as `Authorization: Bearer <token>`." },
        },
        required: ["token"],
      });
    case "document":
      return json("This OpenAPI document.", { type: "object" });
  }
}

function permissionText(r: Extract<ApiRoute, { auth: "user" }>): string {
  if (r.permission) return `Requires the permission \`${r.permission}\`.`;
  if (r.variants?.length)
    return `Requires one of the permissions ${r.variants.map((p) => `\`${p}\``).join(", ")}, as the call creates or updates.`;
  return "Any signed-in user; the call checks what the caller may see itself.";
}

/** The row's tag; else that of another row of its area (first path segment) that has one; else the segment. */
function tagOf(r: ApiRoute, routes: readonly ApiRoute[]): string {
  const area = r.path.split("/")[0];
  return r.tag ?? routes.find((x) => x.tag && x.path.split("/")[0] === area)?.tag ?? area;
}

function operation(r: ApiRoute, routes: readonly ApiRoute[], opId: string, components: Components): Json {
  const params = pathParams(r.path);
  const owned = r.auth === "user" ? r.owned : undefined;
  const parameters = [
    ...params.map((name) => ({
      name,
      in: "path",
      required: true,
      description:
        name === owned
          ? "The record's id (plain or opaque). Another company's record answers 404."
          : "The record's id (plain or opaque).",
      schema: ID_SCHEMA,
    })),
    ...queryParameters(r, opId, components),
    ...(r.versioned === "if-match" ? [IF_MATCH] : []),
    ...(r.idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  const body = requestBody(r, opId, components);
  const hasBody = r.method !== "GET" && r.method !== "DELETE";

  const responses: Json = { "200": successResponse(r, opId, components) };
  if (r.versioned || r.idempotent)
    responses["200"] = {
      ...(responses["200"] as Json),
      headers: {
        ...(r.versioned ? { ETag: ETAG_HEADER } : {}),
        ...(r.idempotent ? { "Idempotent-Replayed": REPLAYED_HEADER } : {}),
      },
    };
  if (hasBody) responses["400"] = ref("BadRequest");
  if (r.auth === "user") {
    responses["401"] = ref("Unauthenticated");
    responses["403"] = ref("Forbidden");
  }
  if (params.length) responses["404"] = ref("NotFound");
  if (/(^|\/)delete(\/|$)/.test(r.path)) responses["409"] = ref("Conflict");
  if (r.files?.length) responses["413"] = ref("PayloadTooLarge");
  if (r.auth === "user" || hasBody) responses["422"] = ref("ValidationError");
  if (r.versioned === "if-match") responses["412"] = ref("PreconditionFailed");
  responses["429"] = ref("TooManyRequests");

  const op: Json = {
    operationId: opId,
    ...(r.summary ? { summary: r.summary } : {}),
    tags: [tagOf(r, routes)],
  };
  if (r.auth === "user") {
    op.description = permissionText(r);
    op.security = USER_SECURITY;
    op["x-permission"] = r.permission;
    if (r.variants?.length) op["x-permission-variants"] = [...r.variants];
  } else {
    op.description = "Public: no token needed.";
    op.security = [];
  }
  if (parameters.length) op.parameters = parameters;
  if (body) op.requestBody = body;
  op.responses = responses;
  return op;
}

/** Builds the OpenAPI 3.1 document of a route table (exported for tests with a table of their own). */
export function buildOpenApiDocument(routes: readonly ApiRoute[]): Json {
  const components: Components = { schemas: { Error: ERROR_SCHEMA } };
  const paths: Record<string, Json> = {};
  const tags: string[] = [];
  const ids = new Set<string>();
  for (const r of routes) {
    let opId = operationIdOf(r);
    for (let i = 2; ids.has(opId); i++) opId = `${operationIdOf(r)}${i}`;
    ids.add(opId);
    const op = operation(r, routes, opId, components);
    for (const t of op.tags as string[]) if (!tags.includes(t)) tags.push(t);
    (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: TITLE, version: pkg.version, description: DESCRIPTION },
    servers: [{ url: "/api" }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      responses: RESPONSES,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The token from `POST /api/login` (with `is_web: false` for app users).",
        },
        companyId: {
          type: "apiKey",
          in: "header",
          name: "company-id",
          description:
            "The company to act for (its numeric id): one the user belongs to, or any for a SUPER ADMIN or BACKEND ADMIN. Without it, the user's own company.",
        },
      },
    },
  };
}

let cached: Json | undefined;

/** The OpenAPI 3.1 document of the /api route table, built once per process (the table is code). */
export function openApiDocument(): Json {
  return (cached ??= buildOpenApiDocument(apiRoutes));
}
