import { getSessionContext } from "@/lib/platform/session";
import { ROLE } from "@/lib/platform/permissions";
import { ChooseCompany } from "./_components/choose-company";

/**
 * unauthorized() inside the portal: lib/platform/page-guard.ts raises it for company-owned data asked before a
 * company is chosen. A lost session never lands here (pages redirect to /auth/login).
 */
export default async function PortalUnauthorized() {
  // Next renders this file with every portal route; the context is cached for the request, so this costs nothing.
  const ctx = await getSessionContext();
  const canChoose = ctx?.roleName === ROLE.SUPER_ADMIN || ctx?.roleName === ROLE.BACKEND_ADMIN;
  return <ChooseCompany canChoose={canChoose} />;
}
