import { getProfile } from "@/lib/admin/users/profile";
import { decodeId } from "@/lib/platform/ids";
import { PASSWORD_RULE } from "@/lib/platform/passwords";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { ChangePasswordForm } from "../_components/change-password-form";
import { ProfileForm } from "../_components/profile-form";

export const metadata = { title: "My Profile" };

type Props = { params: Promise<{ userId: string }> };

/**
 * /profile/{userId}: the signed-in user's own profile, and changing their own password; anyone else's id shows the
 * access warning.
 */
export default async function ProfilePage({ params }: Props) {
  const ctx = await requirePageContext();
  const { userId } = await params;
  if (decodeId(userId) !== ctx.userId) return <AccessDenied />;
  const p = await getProfile(ctx, ctx.userId);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold text-slate-900">My Profile</h1>
      <ProfileForm
        id={userId}
        version={p.version ?? undefined}
        initial={{
          first_name: p.first_name,
          middle_name: p.middle_name ?? "",
          last_name: p.last_name,
          phone: p.phone ?? "",
        }}
        readOnly={[
          { label: "Email", value: p.email },
          { label: "Role", value: p.role_name },
          { label: "Position", value: p.position_name ?? "" },
          { label: "Company", value: p.company_name ?? "" },
        ]}
      />
      <ChangePasswordForm rule={PASSWORD_RULE} />
    </div>
  );
}
