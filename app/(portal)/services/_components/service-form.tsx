"use client";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import type { ServiceFormValues } from "./service-values";
import { createServiceAction, updateServiceAction } from "../actions";

const F = fieldsFor<ServiceFormValues>();

/**
 * Name, Brand, Service Type (required), Start and End Time, Maximum Distance (km), Minimum and Maximum Pet Age
 * (years); Is Active on edit (spec 001 §2 Services, spec 002's service form).
 */
export function ServiceForm({
  serviceTypes,
  ...props
}: FormScreenProps & { initial: ServiceFormValues; serviceTypes: Option[] }) {
  return (
    <EntityForm<ServiceFormValues>
      {...props}
      actions={{ create: createServiceAction, update: updateServiceAction }}
    >
      <F.Text name="name" label="Name" required />
      <F.Text name="brand" label="Brand" />
      <F.Select name="service_type_id" label="Service Type" options={serviceTypes} required />
      <F.Text name="max_distance_km" label="Maximum Distance (km)" type="number" />
      <F.Text name="start_time" label="Start Time" type="time" />
      <F.Text name="end_time" label="End Time" type="time" />
      <F.Text name="min_pet_age" label="Minimum Pet Age (years)" type="number" />
      <F.Text name="max_pet_age" label="Maximum Pet Age (years)" type="number" />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
