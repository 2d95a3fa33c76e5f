// The walk request policy a company has until its admin saves one (issue 11; plain data, safe in the browser):
// up to 4 reschedules per monthly request; a cancellation 24 hours or more before the walk refunds it in full,
// 12 to 24 hours before refunds half, later refunds nothing. Tiers are read from the top: the first whose
// min_hours the notice meets applies.
export const DEFAULT_WALK_POLICY = {
  reschedule_quota: 4,
  refund_tiers: [
    { min_hours: 24, refund_percent: 100 },
    { min_hours: 12, refund_percent: 50 },
    { min_hours: 0, refund_percent: 0 },
  ],
};
