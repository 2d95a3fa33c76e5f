import { usersDef } from "@/lib/admin/users/users";
import { createScreen } from "@/lib/platform/screens";
import { UserFormPage } from "../_components/user-form-page";

export const metadata = { title: "Add User" };

export default async function CreateUserPage() {
  const { ctx } = await createScreen({ def: usersDef });
  return <UserFormPage ctx={ctx} listHref="/users" />;
}
