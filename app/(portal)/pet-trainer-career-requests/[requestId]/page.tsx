import { EditScreen } from "@/components/audit/edit-screen";
import { formatDate } from "@/lib/format";
import { codeLabel, yesNoText } from "@/lib/franchise/career-requests";
import {
  petTrainerCareerRequestsCrud,
  TRAINER_GENDER_LABELS,
  TRAINER_GENDER_OTHERWISE,
} from "@/lib/franchise/pet-trainer-career-requests";
import { can } from "@/lib/platform/context";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { CareerDetails, CareerReviewForm } from "../../_components/career-requests";
import { EMPTY_CAREER_REVIEW } from "../../_components/career-review-values";
import { updateTrainerRequestAction } from "../actions";

export const metadata = { title: "Edit Trainer Career Request" };

/** The trainer's application, read-only, and its review; saving returns to the list (spec 002 §2). */
export default async function EditTrainerRequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const s = await editScreen(petTrainerCareerRequestsCrud, (await params).requestId);
  const r = s.record;
  const created = r.created_record_id != null ? encodeId(r.created_record_id) : null;
  const gender = { labels: TRAINER_GENDER_LABELS, otherwise: TRAINER_GENDER_OTHERWISE };
  return (
    <EditScreen ctx={s.ctx} entity="pet_trainer_career_requests" id={s.id}>
      <CareerDetails
        title="Application"
        fields={[
          { label: "Full Name", value: r.user_name },
          { label: "Date of Birth", value: r.dob ? formatDate(r.dob) : null },
          { label: "Age", value: r.age },
          { label: "Phone", value: r.phone_no },
          { label: "Email", value: r.email },
          {
            label: "Gender",
            value: r.gender == null ? TRAINER_GENDER_OTHERWISE : codeLabel(gender, r.gender),
          },
          { label: "Address", value: r.address },
          { label: "Area", value: r.area },
          { label: "Pin Code", value: r.pin_code },
          { label: "Preferred Timeslot", value: r.preferred_timeslot },
          { label: "Available On", value: r.available_on },
          { label: "Is Experienced", value: yesNoText(r.is_experienced) },
          { label: "Experience Details", value: r.experience_description },
          { label: "Animal Trained", value: r.trained_animal_type },
          { label: "Animal Description", value: r.trained_animal_description },
          { label: "Language Spoken", value: r.language_spoken },
          { label: "Other Language Spoken", value: r.other_language_spoken },
          { label: "Has Allergies", value: yesNoText(r.has_allergies) },
          { label: "Allergy Details", value: r.allergies_details },
          { label: "Comfortable Outdoors", value: yesNoText(r.is_comfortable_outdoor) },
          { label: "Has Internet Access", value: yesNoText(r.has_internet_access) },
        ]}
        next={
          r.status === 1 && can(s.ctx, "users.view") && (created || s.may.update)
            ? { follow: { kind: "staff", career: "trainer" }, opaqueId: s.opaqueId, createdId: created }
            : null
        }
      />
      <CareerReviewForm
        {...s.form}
        update={updateTrainerRequestAction}
        initial={formValuesOf(EMPTY_CAREER_REVIEW, r)}
      />
    </EditScreen>
  );
}
