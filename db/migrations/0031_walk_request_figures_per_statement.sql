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
-- The figures of one company's and franchisee's counts (a franchisee's requests count for the company, franchisee 0,
-- and for the franchisee): live requests, pending, approved, and the refunds of refund-eligible requests not
-- rejected. Each statement counts its rows per company and franchisee first (one pass), then writes these few rows.
CREATE OR REPLACE FUNCTION walk_request_figure_rows(
  p_company integer, p_franchisee integer, p_total numeric, p_pending numeric, p_approved numeric, p_refunds numeric
) RETURNS TABLE (company_id integer, franchisee_id integer, figure text, value numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT p_company, k.f, v.figure, coalesce(v.value, 0)
  FROM (VALUES (0), (p_franchisee)) k(f)
  CROSS JOIN (VALUES ('walk_requests.total', p_total), ('walk_requests.pending', p_pending),
    ('walk_requests.approved', p_approved), ('walk_requests.refunds', p_refunds)) v(figure, value)
  WHERE k.f IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_walk_requests_figures_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
  SELECT r.company_id, r.franchisee_id, r.figure, sum(r.value)
  FROM (
    SELECT company_id, franchisee_id, sum(n) AS total, sum(n) FILTER (WHERE status = 'pending') AS pending,
      sum(n) FILTER (WHERE status = 'approved') AS approved,
      sum(n * refund_amount) FILTER (WHERE refund_eligibility = 1 AND status <> 'rejected') AS refunds
    FROM (SELECT *, 1 AS n FROM new_requests) d
    WHERE deleted_at IS NULL GROUP BY 1, 2
  ) g CROSS JOIN LATERAL walk_request_figure_rows(g.company_id, g.franchisee_id, g.total, g.pending, g.approved, g.refunds) r
  GROUP BY 1, 2, 3 HAVING sum(r.value) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_walk_requests_figures_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
  SELECT r.company_id, r.franchisee_id, r.figure, sum(r.value)
  FROM (
    SELECT company_id, franchisee_id, sum(n) AS total, sum(n) FILTER (WHERE status = 'pending') AS pending,
      sum(n) FILTER (WHERE status = 'approved') AS approved,
      sum(n * refund_amount) FILTER (WHERE refund_eligibility = 1 AND status <> 'rejected') AS refunds
    FROM (SELECT *, -1 AS n FROM old_requests) d
    WHERE deleted_at IS NULL GROUP BY 1, 2
  ) g CROSS JOIN LATERAL walk_request_figure_rows(g.company_id, g.franchisee_id, g.total, g.pending, g.approved, g.refunds) r
  GROUP BY 1, 2, 3 HAVING sum(r.value) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, franchisee_id, figure) DO UPDATE SET value = f.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves each figure by its net change only (pending -> approved: two rows; a change of nothing counted,
-- such as a remark: none).
CREATE OR REPLACE FUNCTION customer_walk_requests_figures_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures AS f (company_id, franchisee_id, figure, value)
  SELECT r.company_id, r.franchisee_id, r.figure, sum(r.value)
  FROM (
    SELECT company_id, franchisee_id, sum(n) AS total, sum(n) FILTER (WHERE status = 'pending') AS pending,
      sum(n) FILTER (WHERE status = 'approved') AS approved,
      sum(n * refund_amount) FILTER (WHERE refund_eligibility = 1 AND status <> 'rejected') AS refunds
    FROM (SELECT *, 1 AS n FROM new_requests UNION ALL SELECT *, -1 FROM old_requests) d
    WHERE deleted_at IS NULL GROUP BY 1, 2
  ) g CROSS JOIN LATERAL walk_request_figure_rows(g.company_id, g.franchisee_id, g.total, g.pending, g.approved, g.refunds) r
  GROUP BY 1, 2, 3 HAVING sum(r.value) <> 0 ORDER BY 1, 2, 3
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
  SELECT r.company_id, r.franchisee_id, r.figure, sum(r.value)
  FROM (
    SELECT company_id, franchisee_id, sum(n) AS total, sum(n) FILTER (WHERE status = 'pending') AS pending,
      sum(n) FILTER (WHERE status = 'approved') AS approved,
      sum(n * refund_amount) FILTER (WHERE refund_eligibility = 1 AND status <> 'rejected') AS refunds
    FROM (SELECT *, 1 AS n FROM customer_walk_requests) d
    WHERE deleted_at IS NULL GROUP BY 1, 2
  ) g CROSS JOIN LATERAL walk_request_figure_rows(g.company_id, g.franchisee_id, g.total, g.pending, g.approved, g.refunds) r
  GROUP BY 1, 2, 3 HAVING sum(r.value) <> 0;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION recount_walk_request_figures() FROM PUBLIC;
--> statement-breakpoint
SELECT recount_walk_request_figures();
