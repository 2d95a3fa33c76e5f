import { EditScreen } from "@/components/audit/edit-screen";
import { yesNoText } from "@/lib/franchise/career-requests";
import { petWalkieCareerRequestsCrud } from "@/lib/franchise/pet-walkie-career-requests";
import { can } from "@/lib/platform/context";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { CareerDetails, CareerReviewForm } from "../../_components/career-requests";
import { EMPTY_CAREER_REVIEW } from "../../_components/career-review-values";
import { updateWalkieRequestAction } from "../actions";

export const metadata = { title: "Edit Walkie Career Request" };

/** The walker's application, read-only, and its review (status, Is Active, the reason); saving returns to the list. */
export default async function EditWalkieRequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const s = await editScreen(petWalkieCareerRequestsCrud, (await params).requestId);
  const r = s.record;
  const created = r.created_record_id != null ? encodeId(r.created_record_id) : null;
  return (
    <EditScreen ctx={s.ctx} entity="pet_walkie_career_requests" id={s.id}>
      <CareerDetails
        title="Application"
        fields={[
          { label: "Full Name", value: r.user_name },
          { label: "Age", value: r.age },
          { label: "Phone", value: r.phone_no },
          { label: "WhatsApp No", value: r.whatsapp_no },
          { label: "Area", value: r.area },
          { label: "Pin Code", value: r.pin_code },
          { label: "Preferred Timeslot", value: r.preferred_timeslot },
          { label: "Is Experienced", value: yesNoText(r.is_experienced) },
          { label: "Has Internet Access", value: yesNoText(r.has_internet_access) },
        ]}
        next={
          r.status === 1 && can(s.ctx, "users.view") && (created || s.may.update)
            ? { follow: { kind: "staff", career: "walkie" }, opaqueId: s.opaqueId, createdId: created }
            : null
        }
      />
      <CareerReviewForm
        {...s.form}
        update={updateWalkieRequestAction}
        initial={formValuesOf(EMPTY_CAREER_REVIEW, r)}
      />
    </EditScreen>
  );
}
