// Swagger UI resolves OpenAPI 3.1 documents with ApiDOM, whose element classes get their `refract` method from
// modules that Turbopack drops from the bundle (vercel/next.js#86507, swagger-api/swagger-ui#10599): every operation
// would spin forever on "TypeError: refract is not a function". Our document only holds local refs
// (#/components/...), so this plugin resolves them itself and Swagger UI never reaches ApiDOM.

type Obj = Record<string, unknown>;

/** The node a local JSON pointer (#/a/b~1c) names, or undefined. */
function at(doc: unknown, ref: string): unknown {
  let node = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = node && typeof node === "object" ? (node as Obj)[key] : undefined;
  }
  return node;
}

/** A copy of `node` with every local $ref replaced by its target; a ref inside itself (recursion) stays a ref. */
export function derefLocal(node: unknown, doc: unknown, open: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => derefLocal(n, doc, open));
  if (!node || typeof node !== "object") return node;
  const { $ref, ...siblings } = node as Obj;
  if (typeof $ref === "string" && $ref.startsWith("#/") && !open.includes($ref)) {
    const target = at(doc, $ref);
    if (target && typeof target === "object" && !Array.isArray(target))
      // $$ref is how Swagger UI names a resolved model.
      return derefLocal({ ...(target as Obj), ...siblings, $$ref: $ref }, doc, [...open, $ref]);
  }
  return Object.fromEntries(Object.entries(node as Obj).map(([k, v]) => [k, derefLocal(v, doc, open)]));
}

/** Swagger UI plugin: resolve the document and its subtrees locally (see above). */
export function LocalRefsPlugin() {
  return {
    fn: {
      resolve: async ({ spec }: { spec: unknown }) => ({ spec: derefLocal(spec, spec), errors: [] }),
      resolveSubtree: async (spec: unknown, path: (string | number)[]) => {
        let node: unknown = spec;
        for (const p of path) node = node && typeof node === "object" ? (node as Obj)[p] : undefined;
        return { spec: derefLocal(node, spec), errors: [] };
      },
    },
  };
}
