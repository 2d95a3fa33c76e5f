import { applicationUsers } from "@/lib/franchise/career-requests";
import { petWalkieCareerRequestsCrud } from "@/lib/franchise/pet-walkie-career-requests";
import { editScreen } from "@/lib/platform/screens";
import { ApplicationUsers } from "../../../_components/career-request-users";

export const metadata = { title: "Walkie Career Request Users" };

/**
 * The users of a walker's application (decision: the spec shows no content): the applicant's app account and the
 * staff user created from it, with links.
 */
export default async function WalkieRequestUsersPage({ params }: { params: Promise<{ requestId: string }> }) {
  const s = await editScreen(petWalkieCareerRequestsCrud, (await params).requestId);
  const r = s.record;
  return (
    <ApplicationUsers
      title={`Users of ${r.user_name}`}
      backHref="/pet-walkie-career-requests"
      users={await applicationUsers(s.ctx, r)}
      status={r.status}
    />
  );
}
