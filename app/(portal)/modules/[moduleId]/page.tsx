import { notFound } from "next/navigation";
import { getModule } from "@/lib/admin/modules";
import { can } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { decodeId } from "@/lib/platform/ids";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { ModuleForm } from "../_components/module-form";

export const metadata = { title: "Edit Module" };

type Props = { params: Promise<{ moduleId: string }> };

export default async function EditModulePage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "modules.view")) return <AccessDenied />;
  const { moduleId } = await params;
  const id = decodeId(moduleId);
  if (id == null) notFound();
  const m = await getModule(ctx, id).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  return (
    <ModuleForm
      id={moduleId}
      initial={{ name: m.name, is_active: m.is_active }}
      permissions={m.permissions}
      readOnly={!can(ctx, "modules.update")}
    />
  );
}
