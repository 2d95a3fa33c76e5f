import { dispatch } from "@/lib/api/dispatch";

type Params = { params: Promise<{ path: string[] }> };
const handle = async (request: Request, { params }: Params) => dispatch(request, (await params).path);

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
export const dynamic = "force-dynamic";
