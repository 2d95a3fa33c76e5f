"use client";
import { Pencil, Plus } from "lucide-react";
import { DateField, ImageField, SelectField, TextField, type Option } from "@/components/form";
import { Button } from "@/components/ui/button";
import { savePetAction } from "../actions";
import { RecordDialog } from "./record-dialog";

export type PetValues = {
  name: string;
  breed_id: string;
  weight: string;
  age: string;
  date_of_birth: string;
  gender: string;
  temperament: string;
  medical_notes: string;
  vet_phone: string;
  photo_path: File | null;
};

const GENDERS: Option[] = [
  { value: "MALE", label: "Male" },
  { value: "FEMALE", label: "Female" },
];

export const EMPTY_PET: PetValues = {
  name: "",
  breed_id: "",
  weight: "",
  age: "",
  date_of_birth: "",
  gender: "",
  temperament: "",
  medical_notes: "",
  vet_phone: "",
  photo_path: null,
};

/** Add a pet for the customer, or correct one (`petId` with its values and photo). */
export function PetDialog({
  customerId,
  petId,
  version,
  initial = EMPTY_PET,
  photoUrl,
  breeds,
  name,
}: {
  customerId: string;
  petId?: string;
  /** The record's version (its updated_at) on an edit. */
  version?: string;
  initial?: PetValues;
  photoUrl?: string | null;
  breeds: Option[];
  name?: string;
}) {
  return (
    <RecordDialog<PetValues>
      trigger={
        petId ? (
          <Button variant="ghost" size="icon" aria-label={`Edit ${name ?? "pet"}`}>
            <Pencil />
          </Button>
        ) : (
          <Button size="sm" variant="outline">
            <Plus /> Add Pet
          </Button>
        )
      }
      title={petId ? "Edit Pet" : "Add Pet"}
      description="The age follows from the date of birth when it is given."
      initial={initial}
      save={(values) => savePetAction(customerId, petId ?? null, values)}
      version={version}
      success={petId ? "Pet updated successfully." : "Pet created successfully."}
    >
      <TextField name="name" label="Name" required />
      <SelectField name="breed_id" label="Breed" options={breeds} />
      <TextField name="weight" label="Weight (kg)" type="number" />
      <SelectField name="gender" label="Gender" options={GENDERS} />
      <DateField name="date_of_birth" label="Date of Birth" />
      <TextField name="age" label="Age (years)" type="number" />
      <TextField name="vet_phone" label="Vet's Phone" type="tel" />
      <ImageField name="photo_path" label="Photo" currentUrl={photoUrl ?? undefined} removable />
      <TextField name="temperament" label="Temperament" multiline className="md:col-span-2" />
      <TextField name="medical_notes" label="Medical Notes" multiline className="md:col-span-2" />
    </RecordDialog>
  );
}
