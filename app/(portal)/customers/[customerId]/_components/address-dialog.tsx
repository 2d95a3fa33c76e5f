"use client";
import { Pencil, Plus } from "lucide-react";
import { SelectField, SwitchField, TextField, type Option } from "@/components/form";
import { Button } from "@/components/ui/button";
import { saveAddressAction } from "../actions";
import { RecordDialog } from "./record-dialog";

export type AddressValues = {
  address: string;
  latitude: string;
  longitude: string;
  state_id: string;
  pin_code: string;
  is_default: number;
};

export const EMPTY_ADDRESS: AddressValues = {
  address: "",
  latitude: "",
  longitude: "",
  state_id: "",
  pin_code: "",
  is_default: 0,
};

/**
 * Add an address for the customer, or correct one. The default is switched on here and never off: making another
 * address the default clears this one (the customer's first address is the default anyway).
 */
export function AddressDialog({
  customerId,
  addressId,
  version,
  initial = EMPTY_ADDRESS,
  states,
}: {
  customerId: string;
  addressId?: string;
  /** The record's version (its updated_at) on an edit. */
  version?: string;
  initial?: AddressValues;
  states: Option[];
}) {
  const isDefault = initial.is_default === 1;
  return (
    <RecordDialog<AddressValues>
      trigger={
        addressId ? (
          <Button variant="ghost" size="icon" aria-label="Edit address">
            <Pencil />
          </Button>
        ) : (
          <Button size="sm" variant="outline">
            <Plus /> Add Address
          </Button>
        )
      }
      title={addressId ? "Edit Address" : "Add Address"}
      initial={initial}
      // The default is sent only when switched on (switching it off is done by choosing another default).
      save={({ is_default, ...values }) =>
        saveAddressAction(
          customerId,
          addressId ?? null,
          is_default === 1 ? { ...values, is_default: 1 } : values,
        )
      }
      version={version}
      success={addressId ? "Address updated successfully." : "Address created successfully."}
    >
      <TextField name="address" label="Address" required multiline className="md:col-span-2" />
      <TextField name="latitude" label="Latitude" type="number" />
      <TextField name="longitude" label="Longitude" type="number" />
      <SelectField name="state_id" label="State" options={states} />
      <TextField name="pin_code" label="Pin Code" />
      <SwitchField name="is_default" label="Default address" disabled={isDefault} />
    </RecordDialog>
  );
}
