import { redirect } from "next/navigation";

// "/" is an alias of the home page (spec 000 §2.2).
export default function PortalIndex() {
  redirect("/home");
}
