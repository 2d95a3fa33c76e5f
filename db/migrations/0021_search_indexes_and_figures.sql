CREATE TABLE "company_figures" (
	"company_id" integer NOT NULL,
	"franchisee_id" integer DEFAULT 0 NOT NULL,
	"figure" varchar(100) NOT NULL,
	"value" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "company_figures_company_id_franchisee_id_figure_pk" PRIMARY KEY("company_id","franchisee_id","figure")
);
--> statement-breakpoint
CREATE INDEX "daycare_career_requests_search_idx" ON "daycare_career_requests" USING gin (("full_name" || ' ' || coalesce("phone_no", '') || ' ' || coalesce("email", '') || ' ' || coalesce("address", '') || ' ' || coalesce("pin_code", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "franchisee_career_requests_search_idx" ON "franchisee_career_requests" USING gin (("full_name" || ' ' || coalesce("phone_no", '') || ' ' || coalesce("email", '') || ' ' || coalesce("city", '') || ' ' || coalesce("pin_code", '') || ' ' || coalesce("proposed_franchisee_location", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "franchisees_search_idx" ON "franchisees" USING gin (("name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pet_trainer_career_requests_search_idx" ON "pet_trainer_career_requests" USING gin (("user_name" || ' ' || coalesce("phone_no", '') || ' ' || coalesce("email", '') || ' ' || coalesce("address", '') || ' ' || coalesce("pin_code", '') || ' ' || coalesce("trained_animal_type", '') || ' ' || coalesce("language_spoken", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pet_walkie_career_requests_search_idx" ON "pet_walkie_career_requests" USING gin (("user_name" || ' ' || coalesce("phone_no", '') || ' ' || coalesce("whatsapp_no", '') || ' ' || coalesce("area", '') || ' ' || coalesce("pin_code", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cwr_search_idx" ON "customer_walk_requests" USING gin ((coalesce("reason", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_addresses_search_idx" ON "user_addresses" USING gin (("address") gin_trgm_ops);--> statement-breakpoint
-- Company figures (db/schema/platform.ts companyFigures): a figure moves by `delta` for the company (franchisee 0)
-- and, when the row has one, for its franchisee, in the writing transaction.
CREATE OR REPLACE FUNCTION bump_company_figure(p_company integer, p_franchisee integer, p_figure text, p_delta numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta = 0 THEN RETURN; END IF;
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value) VALUES (p_company, 0, p_figure, p_delta)
  ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  IF p_franchisee IS NOT NULL THEN
    INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
    VALUES (p_company, p_franchisee, p_figure, p_delta)
    ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  END IF;
END $$;
--> statement-breakpoint
-- The walk requests' cards (lib/jobs/customer-walk-requests.ts walkRequestStatistics): live requests, pending,
-- approved, and the refunds of refund-eligible requests not rejected. An update that keeps the company and
-- franchisee moves each figure by its net change only (pending -> approved: two rows, not four).
CREATE OR REPLACE FUNCTION customer_walk_requests_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_live integer := 0; n_live integer := 0;
  o_pending integer := 0; n_pending integer := 0; o_approved integer := 0; n_approved integer := 0;
  o_refunds numeric := 0; n_refunds numeric := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    o_live := 1;
    o_pending := (OLD.status = 'pending')::integer;
    o_approved := (OLD.status = 'approved')::integer;
    IF OLD.refund_eligibility = 1 AND OLD.status <> 'rejected' THEN o_refunds := OLD.refund_amount; END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    n_live := 1;
    n_pending := (NEW.status = 'pending')::integer;
    n_approved := (NEW.status = 'approved')::integer;
    IF NEW.refund_eligibility = 1 AND NEW.status <> 'rejected' THEN n_refunds := NEW.refund_amount; END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id
     AND OLD.franchisee_id IS NOT DISTINCT FROM NEW.franchisee_id THEN
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.total', n_live - o_live);
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.pending', n_pending - o_pending);
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.approved', n_approved - o_approved);
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.refunds', n_refunds - o_refunds);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_company_figure(OLD.company_id, OLD.franchisee_id, 'walk_requests.total', -o_live);
    PERFORM bump_company_figure(OLD.company_id, OLD.franchisee_id, 'walk_requests.pending', -o_pending);
    PERFORM bump_company_figure(OLD.company_id, OLD.franchisee_id, 'walk_requests.approved', -o_approved);
    PERFORM bump_company_figure(OLD.company_id, OLD.franchisee_id, 'walk_requests.refunds', -o_refunds);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.total', n_live);
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.pending', n_pending);
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.approved', n_approved);
    PERFORM bump_company_figure(NEW.company_id, NEW.franchisee_id, 'walk_requests.refunds', n_refunds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_walk_requests_figures AFTER INSERT OR DELETE ON customer_walk_requests
FOR EACH ROW EXECUTE FUNCTION customer_walk_requests_figures();
--> statement-breakpoint
CREATE TRIGGER customer_walk_requests_figures_update AFTER UPDATE ON customer_walk_requests
FOR EACH ROW WHEN (
  (OLD.status, OLD.deleted_at, OLD.refund_amount, OLD.refund_eligibility, OLD.company_id, OLD.franchisee_id)
  IS DISTINCT FROM
  (NEW.status, NEW.deleted_at, NEW.refund_amount, NEW.refund_eligibility, NEW.company_id, NEW.franchisee_id)
) EXECUTE FUNCTION customer_walk_requests_figures();
--> statement-breakpoint
-- The figures of the requests already there.
INSERT INTO company_figures (company_id, franchisee_id, figure, value)
SELECT g.company_id, g.franchisee_id, v.figure, v.value
FROM (
  SELECT company_id, CASE WHEN grouping(franchisee_id) = 1 THEN 0 ELSE franchisee_id END AS franchisee_id,
         count(*) AS total,
         count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'approved') AS approved,
         coalesce(sum(refund_amount) FILTER (WHERE refund_eligibility = 1 AND status <> 'rejected'), 0) AS refunds
  FROM customer_walk_requests WHERE deleted_at IS NULL
  GROUP BY GROUPING SETS ((company_id), (company_id, franchisee_id))
  HAVING grouping(franchisee_id) = 1 OR franchisee_id IS NOT NULL
) g
CROSS JOIN LATERAL (VALUES ('walk_requests.total', g.total::numeric), ('walk_requests.pending', g.pending::numeric),
  ('walk_requests.approved', g.approved::numeric), ('walk_requests.refunds', g.refunds::numeric)) v(figure, value)
WHERE v.value <> 0;
