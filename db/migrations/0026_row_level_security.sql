-- Row-level security: the database's own wall between companies, behind the kernel's scopes (issue 21, item 9).
-- The app serves as portal_app (owns nothing, cannot bypass RLS); each statement carries the acting company in
-- app.company_id (and the caller in app.user_id), or app.platform = 'on' for audited platform work
-- (lib/platform/rls.ts). Roles are cluster-wide: creating it must survive two databases migrating at once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO portal_app;
--> statement-breakpoint
-- Every table with a company_id column: enabled, forced, and the tenant policy (the acting company's rows, or
-- platform work). The scalar subqueries make each setting an InitPlan, read once per statement, not per row.
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant ON %I', t);
    EXECUTE format(
      'CREATE POLICY tenant ON %I FOR ALL'
      ' USING (company_id = (SELECT NULLIF(current_setting(''app.company_id'', true), '''')::int)'
      '   OR (SELECT current_setting(''app.platform'', true)) = ''on'')'
      ' WITH CHECK (company_id = (SELECT NULLIF(current_setting(''app.company_id'', true), '''')::int)'
      '   OR (SELECT current_setting(''app.platform'', true)) = ''on'')',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Reads beyond the acting company, by table (writes stay with the tenant policy). Policies of a table are OR'ed
-- with the later names' conditions first, so the extra ones are named to sort before "tenant" (checked first).
-- users: super admins (no company) and members of the acting company whose home is another one (user_companies).
-- The membership is a function (security definer: it reads only the acting company's memberships), not a
-- subquery: a subquery's plan, with user_companies' own policy, is planned again at each reference to users, and
-- tripled the planning time of the users list (about 7 ms instead of 2).
CREATE OR REPLACE FUNCTION app_member_of_company(uid int) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = uid
                 AND uc.company_id = NULLIF(current_setting('app.company_id', true), '')::int)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_member_of_company(int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_member_of_company(int) TO portal_app;
--> statement-breakpoint
DROP POLICY IF EXISTS member_read ON users;
--> statement-breakpoint
CREATE POLICY member_read ON users FOR SELECT USING (company_id IS NULL OR app_member_of_company(id));
--> statement-breakpoint
-- user_companies: the caller's own memberships (the company picker).
DROP POLICY IF EXISTS own_read ON user_companies;
--> statement-breakpoint
CREATE POLICY own_read ON user_companies FOR SELECT USING (
  user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int));
--> statement-breakpoint
-- notifications: the caller's own, whichever company raised them (the bell).
DROP POLICY IF EXISTS own_read ON notifications;
--> statement-breakpoint
CREATE POLICY own_read ON notifications FOR SELECT USING (
  user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int));
--> statement-breakpoint
DROP POLICY IF EXISTS own_update ON notifications;
--> statement-breakpoint
CREATE POLICY own_update ON notifications FOR UPDATE USING (
  user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int));
--> statement-breakpoint
-- stored_files: rows from before owners were recorded (no company) are any signed-in user's to read.
DROP POLICY IF EXISTS global_read ON stored_files;
--> statement-breakpoint
CREATE POLICY global_read ON stored_files FOR SELECT USING (company_id IS NULL);
--> statement-breakpoint
-- audit_records: the history of platform records (roles, modules, permissions) carries no company; the kernel
-- decides who reads it, as before.
DROP POLICY IF EXISTS global_read ON audit_records;
--> statement-breakpoint
CREATE POLICY global_read ON audit_records FOR SELECT USING (company_id IS NULL);
--> statement-breakpoint
-- The login is global (users_email_uq over lower(email), any company): looking an email up is platform work, and
-- under row-level security it could not use that index (lower() is not LEAKPROOF, so the planner must apply the
-- policies first, to every row: a sequential scan of all users per check, 0.03 ms becoming 500). These two answer
-- only which user holds an address (what "The email has already been taken." tells anyway), by the index, as the
-- owner (security definer). They see every company's users whoever owns them (platform, set for the call only);
-- they use the index when the owner, who migrates, bypasses RLS (a superuser or a BYPASSRLS role), else they scan.
-- Callers then read the row by its id, which the policies allow through users_pkey.
CREATE OR REPLACE FUNCTION app_user_id_by_email(address text) RETURNS int LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public SET app.platform = 'on' AS $$
  SELECT id FROM users WHERE lower(email) = lower(address) LIMIT 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_emails_taken(addresses text[]) RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public SET app.platform = 'on' AS $$
  SELECT lower(email) FROM users WHERE lower(email) = ANY (addresses)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_user_id_by_email(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_emails_taken(text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_user_id_by_email(text) TO portal_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_emails_taken(text[]) TO portal_app;
--> statement-breakpoint
-- Search under row-level security. A list's search (`<text> ILIKE '%term%'`) reads its table's trigram index
-- (<table>_search_idx, gin_trgm_ops over the list's search expression). Under a policy it cannot: ILIKE, || and
-- coalesce are not LEAKPROOF, so the planner applies the policy first, to every row, tests the term after, and
-- may not read the expression's statistics (a rare term read every row of the company). This answers the ids of
-- the rows of `tbl` in the acting company (all companies for platform work, none with neither set) whose search
-- expression matches `pattern`, by that index, as the owner: at most `cap` of them, or NULL when there are more
-- (a common term: the list then tests it row by row in its own order). It answers nothing the policies would not
-- let the caller read (the same company condition); the expression comes from the catalog (the index's own), never
-- from the caller; and the caller's statement still reads the rows under the policies (lib/platform/search.ts).
-- The company is compared as `company_id + 0`, which no index serves: the planner, which underrates what ILIKE costs
-- a row, otherwise read the company's rows by its index and tested each (150 ms for a rare term at 30,000 users)
-- instead of the trigram index (under 10 ms). A table added later with a <table>_search_idx is served as it is. The owner, who migrates, bypasses RLS (a
-- superuser or BYPASSRLS role); otherwise this is still right, only not faster.
DROP FUNCTION IF EXISTS app_search_ids(regclass, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_search_ids(tbl regclass, pattern text, cap int) RETURNS int[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  expr text;
  ids int[];
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
--> statement-breakpoint
-- The readiness check (GET /api/ready) counts the applied migrations: read-only, the table only.
GRANT USAGE ON SCHEMA drizzle TO portal_app;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO portal_app;
