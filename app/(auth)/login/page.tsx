import { cookies } from "next/headers";
import { LoginForm } from "./login-form";

export const metadata = { title: "Login" };

export default async function LoginPage() {
  const remembered = (await cookies()).has("remembered_company");
  return <LoginForm heading={remembered ? "Welcome back" : "Welcome"} />;
}
