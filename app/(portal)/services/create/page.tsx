import { serviceMasters, servicesCrud } from "@/lib/operations/services";
import { createScreen } from "@/lib/platform/screens";
import { ServiceForm } from "../_components/service-form";
import { EMPTY_SERVICE } from "../_components/service-values";

export const metadata = { title: "Add Service" };

export default async function CreateServicePage() {
  const s = await createScreen(servicesCrud);
  const { service_types } = await serviceMasters(s.ctx);
  return (
    <ServiceForm
      {...s.form}
      initial={EMPTY_SERVICE}
      serviceTypes={service_types.map((t) => ({ value: String(t.id), label: t.description }))}
    />
  );
}
