import { EditScreen } from "@/components/audit/edit-screen";
import { formatDate } from "@/lib/format";
import { codeLabel, yesNoText } from "@/lib/franchise/career-requests";
import {
  DAYCARE_REQUEST_EDIT_LABELS as L,
  daycareCareerRequestsCrud,
} from "@/lib/franchise/daycare-career-requests";
import { can } from "@/lib/platform/context";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { CareerDetails, CareerReviewForm } from "../../_components/career-requests";
import { EMPTY_CAREER_REVIEW } from "../../_components/career-review-values";
import { updateDaycareRequestAction } from "../actions";

export const metadata = { title: "Edit Daycare Career Request" };

/** The daycare application with its references, read-only, and its review; saving returns to the list. */
export default async function EditDaycareRequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const s = await editScreen(daycareCareerRequestsCrud, (await params).requestId);
  const r = s.record;
  const created = r.created_record_id != null ? encodeId(r.created_record_id) : null;
  const refs = (r.daycare_career_request_references ?? []) as {
    full_name: string;
    relation: string | null;
    contact: string | null;
  }[];
  return (
    <EditScreen ctx={s.ctx} entity="daycare_career_requests" id={s.id}>
      <CareerDetails
        title="Application"
        fields={[
          { label: "Full Name", value: r.full_name },
          { label: "Date of Birth", value: r.date_of_birth ? formatDate(r.date_of_birth) : null },
          { label: "Phone", value: r.phone_no },
          { label: "Email", value: r.email },
          { label: "Address", value: r.address },
          { label: "Pin Code", value: r.pin_code },
          { label: "Gender", value: codeLabel(L.gender, r.gender) },
          { label: "Preferred Work Type", value: codeLabel(L.preferred_work_type, r.preferred_work_type) },
          { label: "Available On", value: r.available_on },
          { label: "Preferred Timeslot", value: r.preferred_timeslot },
          { label: "Open To Pickup Drop", value: yesNoText(r.open_to_pickup_drop) },
          { label: "Is Experienced", value: yesNoText(r.is_experienced) },
          { label: "Experience Details", value: r.experience_description },
          { label: "Experienced In Day Care", value: yesNoText(r.is_experienced_day_care) },
          { label: "Day Care Experience", value: r.experienced_day_care_description },
          { label: "Comfortable With Sizes", value: yesNoText(r.is_commfortable_with_sizes) },
          { label: "Comfort Details", value: r.commfortable_description },
          { label: "Additional Details", value: r.additional_description },
          { label: "Has Allergies", value: yesNoText(r.has_allergies) },
          { label: "Allergy Details", value: r.allergies_details },
          ...refs.map((x, i) => ({
            label: `Reference ${i + 1}`,
            value: [x.full_name, x.relation, x.contact].filter(Boolean).join(" · "),
          })),
        ]}
        next={
          r.status === 1 && can(s.ctx, "users.view") && (created || s.may.update)
            ? { follow: { kind: "staff", career: "daycare" }, opaqueId: s.opaqueId, createdId: created }
            : null
        }
      />
      <CareerReviewForm
        {...s.form}
        update={updateDaycareRequestAction}
        initial={formValuesOf(EMPTY_CAREER_REVIEW, r)}
      />
    </EditScreen>
  );
}
