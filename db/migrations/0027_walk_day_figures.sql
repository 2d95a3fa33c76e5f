CREATE TABLE "walk_day_figures" (
	"company_id" integer NOT NULL,
	"franchisee_id" integer DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"status" smallint NOT NULL,
	"assigned" boolean NOT NULL,
	"walks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "walk_day_figures_company_id_franchisee_id_date_status_assigned_pk" PRIMARY KEY("company_id","franchisee_id","date","status","assigned")
);
--> statement-breakpoint
-- Row-level security as every company table has it (0026): the acting company's rows, or platform work.
ALTER TABLE "walk_day_figures" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "walk_day_figures" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS tenant ON "walk_day_figures";
--> statement-breakpoint
CREATE POLICY tenant ON "walk_day_figures" FOR ALL
  USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::int)
    OR (SELECT current_setting('app.platform', true)) = 'on')
  WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::int)
    OR (SELECT current_setting('app.platform', true)) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "walk_day_figures" TO portal_app;
--> statement-breakpoint
-- The walks' change of one statement, counted per (company, franchisee or 0 for the company, day, status, walker
-- set), added to the figures: one upsert per statement, however many walks it wrote (statement-level triggers with
-- transition tables). Keys are taken in order, so two writers never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION walk_day_figures_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO walk_day_figures AS f (company_id, franchisee_id, date, status, assigned, walks)
  SELECT d.company_id, k.franchisee_id, d.date, d.status, d.walker_id IS NOT NULL, count(*)
  FROM new_walks d CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  WHERE d.deleted_at IS NULL AND d.company_id IS NOT NULL AND k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, franchisee_id, date, status, assigned) DO UPDATE SET walks = f.walks + excluded.walks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION walk_day_figures_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO walk_day_figures AS f (company_id, franchisee_id, date, status, assigned, walks)
  SELECT d.company_id, k.franchisee_id, d.date, d.status, d.walker_id IS NOT NULL, -count(*)
  FROM old_walks d CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  WHERE d.deleted_at IS NULL AND d.company_id IS NOT NULL AND k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, franchisee_id, date, status, assigned) DO UPDATE SET walks = f.walks + excluded.walks;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves each figure by its net change only (a status change: two rows; a change of nothing counted: none).
CREATE OR REPLACE FUNCTION walk_day_figures_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO walk_day_figures AS f (company_id, franchisee_id, date, status, assigned, walks)
  SELECT d.company_id, k.franchisee_id, d.date, d.status, d.assigned, sum(d.n)
  FROM (
    SELECT company_id, franchisee_id, date, status, walker_id IS NOT NULL AS assigned, 1 AS n
    FROM new_walks WHERE deleted_at IS NULL
    UNION ALL
    SELECT company_id, franchisee_id, date, status, walker_id IS NOT NULL, -1
    FROM old_walks WHERE deleted_at IS NULL
  ) d CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
  WHERE d.company_id IS NOT NULL AND k.franchisee_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, franchisee_id, date, status, assigned) DO UPDATE SET walks = f.walks + excluded.walks;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS walk_day_figures_insert ON daily_job_plan_walks;
--> statement-breakpoint
CREATE TRIGGER walk_day_figures_insert AFTER INSERT ON daily_job_plan_walks
  REFERENCING NEW TABLE AS new_walks FOR EACH STATEMENT EXECUTE FUNCTION walk_day_figures_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS walk_day_figures_delete ON daily_job_plan_walks;
--> statement-breakpoint
CREATE TRIGGER walk_day_figures_delete AFTER DELETE ON daily_job_plan_walks
  REFERENCING OLD TABLE AS old_walks FOR EACH STATEMENT EXECUTE FUNCTION walk_day_figures_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS walk_day_figures_update ON daily_job_plan_walks;
--> statement-breakpoint
CREATE TRIGGER walk_day_figures_update AFTER UPDATE ON daily_job_plan_walks
  REFERENCING OLD TABLE AS old_walks NEW TABLE AS new_walks FOR EACH STATEMENT EXECUTE FUNCTION walk_day_figures_update();
--> statement-breakpoint
-- The walks already there (as platform work: the walks' table has row-level security forced, for its owner too).
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO walk_day_figures (company_id, franchisee_id, date, status, assigned, walks)
SELECT d.company_id, k.franchisee_id, d.date, d.status, d.walker_id IS NOT NULL, count(*)
FROM daily_job_plan_walks d CROSS JOIN LATERAL (VALUES (0), (d.franchisee_id)) k(franchisee_id)
WHERE d.deleted_at IS NULL AND d.company_id IS NOT NULL AND k.franchisee_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (company_id, franchisee_id, date, status, assigned) DO UPDATE SET walks = excluded.walks;
--> statement-breakpoint
SELECT set_config('app.platform', '', true);
