import { compileErrors, validate } from "@readme/openapi-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { derefLocal } from "@/app/(portal)/api-reference/_components/local-refs";
import { buildOpenApiDocument, openApiDocument } from "@/lib/api/openapi";
import { apiRoutes } from "@/lib/api/routes";
import type { ApiRoute } from "@/lib/api/types";
import { requiredText } from "@/lib/platform/schemas";
import { api } from "../support/fixtures";

type Doc = OpenAPIV3_1.Document;
type Op = OpenAPIV3_1.OperationObject & {
  "x-permission"?: string | null;
  "x-permission-variants"?: string[];
};
type Schema = { properties?: Record<string, unknown>; required?: string[]; $ref?: string };

const doc = openApiDocument() as unknown as Doc;
const pathOf = (p: string) => `/${p.replace(/:(\w+)/g, "{$1}")}`;
const opOf = (d: Doc, r: Pick<ApiRoute, "method" | "path">) =>
  d.paths?.[pathOf(r.path)]?.[r.method.toLowerCase() as "get"] as Op | undefined;

/** The parser resolves $refs in place: it gets a copy, and the answer says what is wrong. */
async function expectValid(d: unknown) {
  const result = await validate(structuredClone(d) as Doc);
  expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
}

/** Every $ref of a document, so none points at a schema's own `#/$defs` (meaningless inside OpenAPI). */
function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsOf(v, out);
    }
  return out;
}

function resolves(d: Doc, ref: string): boolean {
  if (!ref.startsWith("#/")) return false;
  let at: unknown = d;
  for (const part of ref.slice(2).split("/")) at = (at as Record<string, unknown> | undefined)?.[part];
  return at !== undefined;
}

describe("the OpenAPI document of /api", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Pet Services Portal API");
    expect(doc.servers).toEqual([{ url: "/api" }]);
    await expectValid(doc);
    for (const ref of refsOf(doc)) expect(resolves(doc, ref), ref).toBe(true);
  });

  it("lists every route of the table with its method and path, and nothing else", () => {
    for (const r of apiRoutes) expect(opOf(doc, r), `${r.method} ${r.path}`).toBeDefined();
    const ops = Object.values(doc.paths ?? {}).flatMap((item) =>
      Object.entries(item ?? {})
        .filter(([k]) => ["get", "post", "put", "patch", "delete"].includes(k))
        .map(([, o]) => o as Op),
    );
    expect(ops).toHaveLength(apiRoutes.length);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  it("asks a token of every user route and answers 401/403/422 there; public routes need none", () => {
    for (const r of apiRoutes) {
      const op = opOf(doc, r)!;
      const codes = Object.keys(op.responses ?? {});
      if (r.auth === "user") {
        expect(op.security, `${r.method} ${r.path}`).toEqual([{ bearer: [], companyId: [] }, { bearer: [] }]);
        expect(codes).toEqual(expect.arrayContaining(["200", "401", "403", "422"]));
        expect(op["x-permission"]).toBe(r.permission);
        if (r.permission) expect(op.description).toContain(r.permission);
        if (r.variants?.length) expect(op["x-permission-variants"]).toEqual([...r.variants]);
      } else {
        expect(op.security).toEqual([]);
        expect(codes).not.toContain("401");
      }
      const area = r.path.split("/")[0];
      const areaTag = apiRoutes.find((x) => x.tag && x.path.split("/")[0] === area)?.tag;
      expect(op.tags).toEqual([r.tag ?? areaTag ?? area]);
    }
    expect(doc.components?.securitySchemes).toMatchObject({
      bearer: { type: "http", scheme: "bearer" },
      companyId: { type: "apiKey", in: "header", name: "company-id" },
    });
  });

  it("gives routes with an id a path parameter and a 404", () => {
    const withId = apiRoutes.filter((r) => r.path.includes(":id"));
    expect(withId.length).toBeGreaterThan(0);
    for (const r of withId) {
      const op = opOf(doc, r)!;
      const p = (op.parameters as OpenAPIV3_1.ParameterObject[]).find((x) => x.name === "id");
      expect(p, `${r.method} ${r.path}`).toMatchObject({
        in: "path",
        required: true,
        schema: { type: "string" },
      });
      // A plain number and an opaque id (22 base64url characters) both fit; anything else does not.
      const pattern = new RegExp((p!.schema as { pattern: string }).pattern);
      expect(["12", "AbCdEfGhIjKlMnOpQrSt_-"].every((v) => pattern.test(v))).toBe(true);
      expect(["0", "12a", "../x", ""].some((v) => pattern.test(v))).toBe(false);
      expect(Object.keys(op.responses ?? {})).toContain("404");
    }
  });

  it("documents the request body of every route with an input schema", () => {
    for (const r of apiRoutes.filter((x) => x.input)) {
      const body = opOf(doc, r)!.requestBody as OpenAPIV3_1.RequestBodyObject;
      const schema = body.content["application/json"].schema as Schema;
      const expected = z.toJSONSchema(r.input!, { io: "input", unrepresentable: "any" }) as Schema;
      if (expected.properties)
        expect(Object.keys(schema.properties ?? {}), `${r.method} ${r.path}`).toEqual(
          Object.keys(expected.properties),
        );
    }
    const positions = apiRoutes.find((r) => r.method === "POST" && r.path === "positions");
    // The positions row documents its body once the entity builders give it one.
    if (positions?.input) {
      const body = opOf(doc, positions)!.requestBody as OpenAPIV3_1.RequestBodyObject;
      expect((body.content["application/json"].schema as Schema).properties).toHaveProperty("name");
    }
  });

  it("has an output schema on every row answering JSON, and an input schema on every row reading a body", () => {
    const key = (r: ApiRoute) => `${r.method} ${r.path}`;
    // A file download and this document itself answer nothing a row schema would describe.
    const noOutput = apiRoutes.filter((r) => r.shape !== "file" && r.shape !== "document" && !r.output);
    expect(noOutput.map(key)).toEqual([]);

    const writes = apiRoutes.filter((r) => ["POST", "PATCH", "PUT"].includes(r.method));
    // Rows that read no body at all: delete and restore take the record from the path, logout revokes the token
    // of its own Authorization header. A multipart row documents its body by its `files` (and input, if any).
    const readsNoBody = (r: ApiRoute) =>
      (r.method === "POST" && /(^|\/)(delete|restore)\/:id$/.test(r.path)) || key(r) === "POST logout";
    expect(writes.filter((r) => !r.input && !r.files?.length && !readsNoBody(r)).map(key)).toEqual([]);
    // The exemption is not stale: logout and some delete/restore rows exist.
    expect(writes.filter(readsNoBody).length).toBeGreaterThan(1);
  });

  it("resolves in the reference page: its local $ref resolver leaves no ref in any operation", () => {
    for (const r of apiRoutes)
      expect(refsOf(derefLocal(opOf(doc, r), doc)), `${r.method} ${r.path}`).toEqual([]);
  });

  it("answers GET /api/openapi.json without a token", async () => {
    const r = await api("GET", "openapi.json");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-type")).toContain("application/json");
    expect(r.json.openapi).toBe("3.1.0");
    expect(Object.keys(r.json.paths as object)).toContain("/openapi.json");
  });
});

describe("buildOpenApiDocument", () => {
  type Node = { name: string; children: Node[] };
  const node: z.ZodType<Node> = z.object({
    name: z.string(),
    get children() {
      return z.array(node);
    },
  });
  const Pet = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "Pet" });
  const flag = z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .transform((v) => (v === 1 || v === true ? 1 : 0));
  const handler = async () => ({});
  const table: ApiRoute[] = [
    {
      method: "POST",
      path: "pets",
      auth: "user",
      permission: null,
      variants: ["positions.create", "positions.update"],
      shape: "data",
      summary: "Create or update a pet",
      input: z.object({ name: requiredText("name"), is_active: flag, born: z.date().optional() }),
      output: z.object({ data: Pet }),
      files: ["photo"],
      handler,
    },
    {
      method: "GET",
      path: "pets",
      auth: "user",
      permission: "positions.list",
      shape: "list",
      tag: "Pets",
      query: z.object({ page: z.string().optional().describe("Page number."), kind: z.enum(["dog", "cat"]) }),
      output: z.object({ data: z.array(Pet), count: z.number().int() }),
      handler,
    },
    {
      method: "GET",
      path: "pets/:id/tree",
      auth: "user",
      permission: "positions.view",
      owned: "id",
      shape: "data",
      output: z.object({ data: node, big: z.bigint(), when: z.date(), odd: z.custom<File>() }),
      handler,
    },
    {
      method: "GET",
      path: "pets/sample",
      auth: "user",
      permission: "positions.list",
      shape: "file",
      handler,
    },
    { method: "POST", path: "hello", auth: "public", shape: "token", handler },
  ];
  const d = buildOpenApiDocument(table) as unknown as Doc;

  it("stays valid with transforms, recursion, shared ids and unrepresentable types", async () => {
    await expectValid(d);
    const refs = refsOf(d);
    expect(refs.filter((r) => r.includes("$defs"))).toEqual([]);
    for (const ref of refs) expect(resolves(d, ref), ref).toBe(true);
    // The schema with an id is shared, not copied per operation.
    expect(d.components?.schemas).toHaveProperty("Pet");
    expect(Object.keys(d.components?.schemas ?? {}).filter((k) => k.startsWith("Pet"))).toEqual(["Pet"]);
  });

  it("takes the body from input (JSON and, with files, multipart) and the query from the query schema", () => {
    const post = opOf(d, table[0])!;
    const body = post.requestBody as OpenAPIV3_1.RequestBodyObject;
    const json = body.content["application/json"].schema as Schema;
    expect(Object.keys(json.properties!)).toEqual(["name", "is_active", "born"]);
    expect(json.required).toEqual(["name", "is_active"]);
    const form = body.content["multipart/form-data"].schema as Schema;
    expect(form.properties).toMatchObject({
      name: { type: "string" },
      photo: { type: "string", format: "binary" },
    });
    expect(post["x-permission"]).toBeNull();
    expect(post["x-permission-variants"]).toEqual(["positions.create", "positions.update"]);
    expect(post.description).toContain("positions.update");
    expect(Object.keys(post.responses ?? {})).toEqual(
      expect.arrayContaining(["400", "401", "403", "413", "422", "429"]),
    );
    expect(Object.keys(post.responses ?? {})).not.toContain("404");

    const list = opOf(d, table[1])!;
    expect(list.tags).toEqual(["Pets"]);
    expect(list.parameters).toEqual([
      { name: "page", in: "query", required: false, description: "Page number.", schema: { type: "string" } },
      { name: "kind", in: "query", required: true, schema: { type: "string", enum: ["dog", "cat"] } },
    ]);
  });

  it("derives answers from the shape when a row has no output schema", () => {
    const file = opOf(d, table[3])!.responses!["200"] as OpenAPIV3_1.ResponseObject;
    expect(file.content).toHaveProperty("application/octet-stream");
    const token = opOf(d, table[4])!;
    expect(token.security).toEqual([]);
    expect(
      (token.responses!["200"] as OpenAPIV3_1.ResponseObject).content!["application/json"].schema,
    ).toMatchObject({ properties: { token: { type: "string" } }, required: ["token"] });
    const tree = opOf(d, { method: "GET", path: "pets/:id/tree" })!;
    // The page's resolver stops at recursion instead of looping: one ref back to the tree node is left.
    const resolved = derefLocal(tree.responses, d);
    expect(refsOf(resolved).length).toBeGreaterThan(0);
    for (const ref of refsOf(resolved)) expect(resolves(d, ref)).toBe(true);
    // Untagged rows join their area's tag, or are tagged by their first path segment.
    expect(tree.tags).toEqual(["Pets"]);
    expect(token.tags).toEqual(["hello"]);
    expect(Object.keys(tree.responses ?? {})).toContain("404");
  });
});
