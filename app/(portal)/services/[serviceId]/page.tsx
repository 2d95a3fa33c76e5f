import { EditScreen } from "@/components/audit/edit-screen";
import { serviceMastersWith, servicesCrud } from "@/lib/operations/services";
import { editScreen } from "@/lib/platform/screens";
import { ServiceForm } from "../_components/service-form";

export const metadata = { title: "Edit Service" };

const text = (v: string | number | null) => (v == null ? "" : String(v));

export default async function EditServicePage({ params }: { params: Promise<{ serviceId: string }> }) {
  const s = await editScreen(servicesCrud, (await params).serviceId);
  const r = s.record;
  const { service_types } = await serviceMastersWith(s.ctx, r.service_type_id);
  return (
    <EditScreen ctx={s.ctx} entity="services" id={s.id}>
      <ServiceForm
        {...s.form}
        initial={{
          name: r.name,
          brand: text(r.brand),
          service_type_id: text(r.service_type_id),
          // The time inputs take HH:MM; the column answers HH:MM:SS.
          start_time: text(r.start_time).slice(0, 5),
          end_time: text(r.end_time).slice(0, 5),
          max_distance_km: text(r.max_distance_km),
          min_pet_age: text(r.min_pet_age),
          max_pet_age: text(r.max_pet_age),
          is_active: r.is_active,
        }}
        serviceTypes={service_types.map((t) => ({ value: String(t.id), label: t.description }))}
      />
    </EditScreen>
  );
}
