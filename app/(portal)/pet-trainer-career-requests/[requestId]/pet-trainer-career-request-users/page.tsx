import { applicationUsers } from "@/lib/franchise/career-requests";
import { petTrainerCareerRequestsCrud } from "@/lib/franchise/pet-trainer-career-requests";
import { editScreen } from "@/lib/platform/screens";
import { ApplicationUsers } from "../../../_components/career-request-users";

export const metadata = { title: "Trainer Career Request Users" };

/** The users of a trainer's application: the applicant's app account and the staff user created from it. */
export default async function TrainerRequestUsersPage({
  params,
}: {
  params: Promise<{ requestId: string }>;
}) {
  const s = await editScreen(petTrainerCareerRequestsCrud, (await params).requestId);
  const r = s.record;
  return (
    <ApplicationUsers
      title={`Users of ${r.user_name}`}
      backHref="/pet-trainer-career-requests"
      users={await applicationUsers(s.ctx, r)}
      status={r.status}
    />
  );
}
