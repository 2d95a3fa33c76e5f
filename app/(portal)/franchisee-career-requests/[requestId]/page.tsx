import { EditScreen } from "@/components/audit/edit-screen";
import { codeLabel, yesNoText } from "@/lib/franchise/career-requests";
import {
  FRANCHISEE_REQUEST_EDIT_LABELS as L,
  franchiseeCareerRequestsCrud,
} from "@/lib/franchise/franchisee-career-requests";
import { masterRowsWith, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { can } from "@/lib/platform/context";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { CareerDetails, CareerReviewForm } from "../../_components/career-requests";
import { EMPTY_CAREER_REVIEW } from "../../_components/career-review-values";
import { updateFranchiseeRequestAction } from "../actions";

export const metadata = { title: "Edit Franchisee Career Request" };

/** The franchisee application, read-only (the edit screen's labels, spec 002 §9), and its review. */
export default async function EditFranchiseeRequestPage({
  params,
}: {
  params: Promise<{ requestId: string }>;
}) {
  const s = await editScreen(franchiseeCareerRequestsCrud, (await params).requestId);
  const r = s.record;
  const created = r.created_record_id != null ? encodeId(r.created_record_id) : null;
  const zone = (await masterRowsWith(s.ctx, ZONES_VALUE, r.zone_id)).find((z) => z.id === r.zone_id);
  return (
    <EditScreen ctx={s.ctx} entity="franchisee_career_requests" id={s.id}>
      <CareerDetails
        title="Application"
        fields={[
          { label: "Full Name", value: r.full_name },
          { label: "Age", value: r.age },
          { label: "Phone", value: r.phone_no },
          { label: "Email", value: r.email },
          { label: "Address", value: r.address },
          { label: "City", value: r.city },
          { label: "Pin Code", value: r.pin_code },
          { label: "Gender", value: codeLabel(L.gender, r.gender) },
          { label: "Zone", value: zone?.description ?? null },
          { label: "Applying As", value: codeLabel(L.applying_as, r.applying_as) },
          { label: "Currently Operate Business", value: yesNoText(r.currently_operate_business) },
          { label: "Business Description", value: r.business_description },
          { label: "Has Franchisee Business", value: yesNoText(r.has_franchisee_business) },
          { label: "Franchisee Description", value: r.franchisee_description },
          { label: "Experienced In Pet Industry", value: yesNoText(r.is_experienced_pet_industry) },
          { label: "Proposed Franchisee Location", value: r.proposed_franchisee_location },
          { label: "Preferred Work Type", value: codeLabel(L.preferred_work_type, r.preferred_work_type) },
          { label: "Support Interest", value: r.support_interest },
          { label: "Heard From", value: r.heard_from },
        ]}
        next={
          r.status === 1 && can(s.ctx, "franchisees.view") && (created || can(s.ctx, "franchisees.create"))
            ? { follow: { kind: "franchisee" }, opaqueId: s.opaqueId, createdId: created }
            : null
        }
      />
      <CareerReviewForm
        {...s.form}
        update={updateFranchiseeRequestAction}
        initial={formValuesOf(EMPTY_CAREER_REVIEW, r)}
      />
    </EditScreen>
  );
}
