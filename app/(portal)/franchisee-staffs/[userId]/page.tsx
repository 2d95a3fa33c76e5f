import { UserEditScreen } from "../../users/_components/user-form-page";

export const metadata = { title: "Edit Staff" };

type Props = { params: Promise<{ userId: string }> };

/** A staff member opened from /franchisee-staffs: the user edit screen, returning to the staff list. */
export default async function EditStaffPage({ params }: Props) {
  return <UserEditScreen opaqueId={(await params).userId} staff />;
}
