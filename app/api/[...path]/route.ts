import { dispatch, MALFORMED_URL_MESSAGE } from "@/lib/api/dispatch";

type Params = { params: Promise<{ path: string[] }> };

/**
 * Next decodes the catch-all's segments once; a path that is not validly percent-encoded (`/api/users/%E0%A4`) makes
 * that decoding throw, which would answer 500: it is the client's malformed URL, so 400 (the dispatcher checks the
 * query and NUL itself, for every route).
 */
const handle = async (request: Request, { params }: Params) => {
  let path: string[];
  try {
    path = (await params).path;
  } catch {
    return Response.json({ message: MALFORMED_URL_MESSAGE }, { status: 400 });
  }
  return dispatch(request, path);
};

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
export const dynamic = "force-dynamic";
