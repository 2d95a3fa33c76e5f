"use client";
import dynamic from "next/dynamic";
import "swagger-ui-react/swagger-ui.css";
import "./api-reference.css";
import { LocalRefsPlugin } from "./local-refs";

// Swagger UI touches window at import: it loads in the browser only.
const SwaggerUI = dynamic(() => import("swagger-ui-react"), {
  ssr: false,
  loading: () => <p className="px-6 py-12 text-center text-slate-500">Loading the API reference…</p>,
});

/** Swagger UI over /api/openapi.json; "Try it out" calls /api with the portal session (or a token from Authorize). */
export function ApiReference() {
  return (
    <div className="api-reference px-2 pb-6 sm:px-4">
      <SwaggerUI
        url="/api/openapi.json"
        docExpansion="none"
        defaultModelsExpandDepth={-1}
        displayOperationId={false}
        deepLinking
        filter
        plugins={[LocalRefsPlugin]}
      />
    </div>
  );
}
