import { EditScreen } from "@/components/audit/edit-screen";
import { serviceMastersWith, servicesCrud } from "@/lib/operations/services";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { ServiceForm } from "../_components/service-form";
import { EMPTY_SERVICE } from "../_components/service-values";

export const metadata = { title: "Edit Service" };

export default async function EditServicePage({ params }: { params: Promise<{ serviceId: string }> }) {
  const s = await editScreen(servicesCrud, (await params).serviceId);
  const r = s.record;
  const { service_types } = await serviceMastersWith(s.ctx, r.service_type_id);
  return (
    <EditScreen ctx={s.ctx} entity="services" id={s.id}>
      <ServiceForm
        {...s.form}
        initial={formValuesOf(EMPTY_SERVICE, r)}
        serviceTypes={service_types.map((t) => ({ value: String(t.id), label: t.description }))}
      />
    </EditScreen>
  );
}
