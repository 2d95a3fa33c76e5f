import type { ReactNode } from "react";
import type { Ctx } from "@/lib/platform/context";
import { AuditHistory } from "./audit-history";

/** An edit screen's body: the entity's form, then the record's history (for callers who may read it). */
export function EditScreen({
  ctx,
  entity,
  id,
  children,
}: {
  ctx: Ctx;
  entity: string;
  id: number;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      {children}
      <AuditHistory ctx={ctx} entity={entity} entityId={id} />
    </div>
  );
}
