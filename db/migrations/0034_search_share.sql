-- app_search_share: the share of the acting company's rows of `tbl` whose search expression (the table's trigram
-- search index, as app_search_ids reads it) contains `pattern`, as the planner's statistics estimate it (EXPLAIN,
-- nothing read). Why: under row-level security a list's own EXPLAIN cannot use the expression's statistics (ILIKE is
-- not LEAKPROOF), so a common search's count was PostgreSQL's default guess (at 1M users "about 94" customers for a
-- surname 33,099 of them carry). The function's owner plans with the statistics; the list multiplies the share by
-- its own estimate without the search. It names no row and reads none: NULL where the owner's plan would be under a
-- policy too (then the list keeps its own estimate).
CREATE OR REPLACE FUNCTION app_search_share(tbl regclass, pattern text) RETURNS float8
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  expr text;
  matched json;
  total json;
  scope text;
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
    RAISE EXCEPTION 'app_search_share: % has no trigram search index (<table>_search_idx)', tbl;
  END IF;
  IF NOT platform AND company IS NULL THEN
    RETURN 0;
  END IF;
  IF row_security_active(tbl) THEN
    RETURN NULL;
  END IF;
  scope := CASE WHEN platform THEN 'true' ELSE format('company_id = %s', company) END;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM %s WHERE %s ILIKE %L AND %s', tbl, expr, pattern, scope)
    INTO matched;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM %s WHERE %s', tbl, scope) INTO total;
  RETURN least(1, (matched->0->'Plan'->>'Plan Rows')::float8
    / greatest(1, (total->0->'Plan'->>'Plan Rows')::float8));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_share(regclass, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_share(regclass, text) TO portal_app;
