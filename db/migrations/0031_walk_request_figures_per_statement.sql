-- The walk requests' figures (company_figures, migration 0021) kept per statement, not per row: the row-level trigger
-- upserted the company's row once per written row, each upsert walking a longer version chain of that row in one
-- transaction (a 205k-row insert ran 30 minutes and did not end). Statement-level triggers with transition tables
-- (as walk_day_figures, 0027) add each statement's net change per company (franchisee 0) and franchisee: one upsert
-- per statement and key, keys taken in order so two writers never wait on each other in a cycle.
DROP TRIGGER IF EXISTS customer_walk_requests_figures ON customer_walk_requests;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_walk_requests_figures_update ON customer_walk_requests;
--> statement-breakpoint
DROP FUNCTION IF EXISTS customer_walk_requests_figures();
--> statement-breakpoint
-- What one request adds to each figure (n = 1 counted, -1 uncounted): live requests, pending, approved, and the
-- refunds of refund-eligible requests not rejected. A deleted request counts nothing.
CREATE OR REPLACE FUNCTION walk_request_figure_values(
  p_status text, p_refund_eligibility integer, p_refund_amount numeric, p_deleted_at timestamptz, p_n integer
) RETURNS TABLE (figure text, value numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT v.figure, v.value FROM (VALUES
    ('walk_requests.total', p_n::numeric),
    ('walk_requests.pending', CASE WHEN p_status = 'pending' THEN p_n ELSE 0 END::numeric),
    ('walk_requests.approved', CASE WHEN p_status = 'approved' THEN p_n ELSE 0 END::numeric),
    ('walk_requests.refunds',
      CASE WHEN p_refund_eligibility = 1 AND p_status <> 'rejected' THEN p_n * p_refund_amount ELSE 0 END)
  ) v(figure, value)
  WHERE p_deleted_at IS NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_walk_requests_figures_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
  SELECT d.company_id, k.franchisee_id, v.figure, sum(v.value)
  FROM new_requests d
  CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  CROSS JOIN LATERAL walk_request_figure_values(d.status, d.refund_eligibility, d.refund_amount, d.deleted_at, 1) v
  WHERE k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(v.value) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_walk_requests_figures_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
  SELECT d.company_id, k.franchisee_id, v.figure, sum(v.value)
  FROM old_requests d
  CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  CROSS JOIN LATERAL walk_request_figure_values(d.status, d.refund_eligibility, d.refund_amount, d.deleted_at, -1) v
  WHERE k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(v.value) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves each figure by its net change only (pending -> approved: two rows; a change of nothing counted,
-- such as a remark: none).
CREATE OR REPLACE FUNCTION customer_walk_requests_figures_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
  SELECT d.company_id, k.franchisee_id, v.figure, sum(v.value)
  FROM (
    SELECT company_id, franchisee_id, status, refund_eligibility, refund_amount, deleted_at, 1 AS n FROM new_requests
    UNION ALL
    SELECT company_id, franchisee_id, status, refund_eligibility, refund_amount, deleted_at, -1 FROM old_requests
  ) d
  CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  CROSS JOIN LATERAL walk_request_figure_values(d.status, d.refund_eligibility, d.refund_amount, d.deleted_at, d.n) v
  WHERE k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(v.value) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_walk_requests_figures_insert AFTER INSERT ON customer_walk_requests
  REFERENCING NEW TABLE AS new_requests FOR EACH STATEMENT EXECUTE FUNCTION customer_walk_requests_figures_insert();
--> statement-breakpoint
CREATE TRIGGER customer_walk_requests_figures_delete AFTER DELETE ON customer_walk_requests
  REFERENCING OLD TABLE AS old_requests FOR EACH STATEMENT EXECUTE FUNCTION customer_walk_requests_figures_delete();
--> statement-breakpoint
CREATE TRIGGER customer_walk_requests_figures_update AFTER UPDATE ON customer_walk_requests
  REFERENCING OLD TABLE AS old_requests NEW TABLE AS new_requests
  FOR EACH STATEMENT EXECUTE FUNCTION customer_walk_requests_figures_update();
--> statement-breakpoint
-- The figures counted again from the requests themselves, for every company (this migration's backfill, and a load
-- that wrote the requests with triggers off: bench/seed.ts). As platform work: the requests have row-level security
-- forced. Not for the portal's role.
CREATE OR REPLACE FUNCTION recount_walk_request_figures() RETURNS void LANGUAGE plpgsql
SET app.platform = 'on' AS $$
BEGIN
  DELETE FROM company_figures WHERE figure LIKE 'walk\_requests.%';
  INSERT INTO company_figures (company_id, franchisee_id, figure, value)
  SELECT d.company_id, k.franchisee_id, v.figure, sum(v.value)
  FROM customer_walk_requests d
  CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  CROSS JOIN LATERAL walk_request_figure_values(d.status, d.refund_eligibility, d.refund_amount, d.deleted_at, 1) v
  WHERE d.deleted_at IS NULL AND k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(v.value) <> 0;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION recount_walk_request_figures() FROM PUBLIC;
--> statement-breakpoint
SELECT recount_walk_request_figures();
