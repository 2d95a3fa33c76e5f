import { getUser } from "@/lib/admin/users/users";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { orNotFound, pageId, requirePageContext } from "@/lib/platform/session";
import { AuditHistory } from "@/components/audit/audit-history";
import { AccessDenied } from "../../_components/access-denied";
import { UserFormPage } from "../_components/user-form-page";

export const metadata = { title: "Edit User" };

type Props = {
  params: Promise<{ userId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function EditUserPage({ params, searchParams }: Props) {
  const ctx = await requirePageContext();
  // Gated on what the loader checks (getUser: users.view); without users.update the form is read-only.
  if (!can(ctx, "users.view")) return <AccessDenied />;
  pageCompanyId(ctx);
  const { userId } = await params;
  const id = pageId(userId);
  // Another company's or another franchisee's user answers 404, exactly like a missing one.
  const user = await orNotFound(getUser(ctx, id));
  const text = (v: string | null) => v ?? "";
  const fromStaff = (await searchParams).back === "staff";
  return (
    <div className="flex flex-col gap-6">
      <UserFormPage
        ctx={ctx}
        id={userId}
        staff={fromStaff}
        readOnly={!can(ctx, "users.update")}
        listHref={fromStaff ? "/franchisee-staffs" : "/users"}
        initial={{
          first_name: user.first_name,
          middle_name: text(user.middle_name),
          last_name: user.last_name,
          email: user.email,
          phone: text(user.phone),
          position_id: user.position_id != null ? String(user.position_id) : "",
          franchisee_id: user.franchisee_id != null ? String(user.franchisee_id) : "",
          employee_code: text(user.employee_code),
          upline_user_id: user.upline_user_id != null ? String(user.upline_user_id) : "",
          is_active: user.is_active,
        }}
      />
      <AuditHistory ctx={ctx} entity="users" entityId={id} />
    </div>
  );
}
