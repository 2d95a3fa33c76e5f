import "server-only";

// Headers a handler adds to its answer (an ETag, Idempotent-Replayed), kept by request: a handler answers plain
// data, which other rows may wrap or reshape (customer_walk_requests), and the dispatcher sets these on the answer.
const byRequest = new WeakMap<Request, Record<string, string>>();

/** Adds headers to the answer of this request. */
export function setResponseHeaders(request: Request, headers: Record<string, string>): void {
  byRequest.set(request, { ...byRequest.get(request), ...headers });
}

/** The headers the request's handler added (none: {}). */
export function responseHeaders(request: Request): Record<string, string> {
  return byRequest.get(request) ?? {};
}
