import { AccessDenied } from "./_components/access-denied";

/** forbidden() inside the portal (a 403 other than "choose a company"): the spec's access warning, in the shell. */
export default function PortalForbidden() {
  return <AccessDenied />;
}
