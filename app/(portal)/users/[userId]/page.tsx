import { UserEditScreen } from "../_components/user-form-page";

export const metadata = { title: "Edit User" };

type Props = { params: Promise<{ userId: string }> };

export default async function EditUserPage({ params }: Props) {
  return <UserEditScreen opaqueId={(await params).userId} />;
}
