CREATE INDEX "daily_job_plans_walker_idx" ON "daily_job_plans" USING btree ("company_id","walker_id","date") WHERE "daily_job_plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "daily_job_plans_pet_idx" ON "daily_job_plans" USING btree ("company_id","user_pet_id") WHERE "daily_job_plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "daily_job_plans_pet2_idx" ON "daily_job_plans" USING btree ("company_id","user_pet_2_id") WHERE "daily_job_plans"."deleted_at" is null and "daily_job_plans"."user_pet_2_id" is not null;--> statement-breakpoint
-- app_search_ids (0026) with a cheaper path for common terms: when the planner's statistics (the search expression's,
-- which its index carries, and the company's share) expect more than `cap` matches in the company, it answers NULL
-- at once (the list then fills its page in its own order, where a common term matches within a few rows), instead
-- of building the trigram index's bitmap of every match in the table first (a 3-letter term over millions of rows
-- was most of a search's time). The estimate is EXPLAIN's (planned, nothing read; EXPLAIN makes the function
-- VOLATILE, which changes nothing where it is called: once per statement, in a sub-select); a rare term is looked up
-- as before. NULL changes no answer, only the way to it: the caller reads the same rows under the same policies.
CREATE OR REPLACE FUNCTION app_search_ids(tbl regclass, pattern text, cap int) RETURNS int[]
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  expr text;
  ids int[];
  plan json;
  company int := NULLIF(current_setting('app.company_id', true), '')::int;
  platform boolean := coalesce(current_setting('app.platform', true), '') = 'on';
BEGIN
  SELECT pg_get_indexdef(i.indexrelid, 1, false) INTO expr
  FROM pg_index i
  JOIN pg_class ic ON ic.oid = i.indexrelid
  JOIN pg_opclass o ON o.oid = i.indclass[0]
  WHERE i.indrelid = tbl AND i.indnatts = 1 AND o.opcname = 'gin_trgm_ops' AND ic.relname LIKE '%\_search\_idx'
  ORDER BY ic.relname
  LIMIT 1;
  IF expr IS NULL THEN
    RAISE EXCEPTION 'app_search_ids: % has no trigram search index (<table>_search_idx)', tbl;
  END IF;
  IF NOT platform AND company IS NULL THEN
    RETURN '{}';
  END IF;
  -- (Only where the function's owner reads the table's statistics: under a policy applied to it, row-level security
  -- withholds them from ILIKE and the estimate would be blind.)
  IF cap IS NOT NULL AND NOT row_security_active(tbl) THEN
    EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM %s WHERE %s ILIKE %L%s', tbl, expr, pattern,
                   CASE WHEN platform THEN '' ELSE format(' AND company_id = %s', company) END)
      INTO plan;
    IF (plan->0->'Plan'->>'Plan Rows')::float8 > cap THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format('SELECT array(SELECT id FROM %s WHERE %s ILIKE $1%s LIMIT $3)', tbl, expr,
                 CASE WHEN platform THEN '' ELSE ' AND (company_id + 0) = $2' END)
    INTO ids USING pattern, company, cap + 1;
  IF cardinality(ids) > cap THEN
    RETURN NULL;
  END IF;
  RETURN ids;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_ids(regclass, text, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_ids(regclass, text, int) TO portal_app;
