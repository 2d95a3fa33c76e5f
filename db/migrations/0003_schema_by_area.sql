-- Hand-written: make rows of existing databases satisfy the new foreign keys and live-name indexes (below, as
-- generated). Deterministic and idempotent; on a fresh database every statement touches nothing.
-- Rows that are meaningless without their company or user are deleted; optional links are cleared.
DELETE FROM "positions" p WHERE NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = p."company_id");--> statement-breakpoint
DELETE FROM "franchisees" f WHERE NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = f."company_id");--> statement-breakpoint
UPDATE "positions" p SET "role_id" = 3 WHERE NOT EXISTS (SELECT 1 FROM "roles" r WHERE r."id" = p."role_id");--> statement-breakpoint
UPDATE "users" u SET "company_id" = NULL WHERE u."company_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = u."company_id");--> statement-breakpoint
UPDATE "users" u SET "position_id" = NULL WHERE u."position_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "positions" p WHERE p."id" = u."position_id");--> statement-breakpoint
UPDATE "users" u SET "franchisee_id" = NULL WHERE u."franchisee_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "franchisees" f WHERE f."id" = u."franchisee_id");--> statement-breakpoint
UPDATE "users" u SET "upline_user_id" = NULL WHERE u."upline_user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" x WHERE x."id" = u."upline_user_id");--> statement-breakpoint
-- A user whose role is gone could not sign in (the context joins roles): they become USER, deactivated, so they still cannot.
UPDATE "users" u SET "role_id" = 4, "is_active" = 0, "session_version" = u."session_version" + 1 WHERE NOT EXISTS (SELECT 1 FROM "roles" r WHERE r."id" = u."role_id");--> statement-breakpoint
DELETE FROM "user_timestamps" t WHERE (t."company_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = t."company_id")) OR NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = t."user_id");--> statement-breakpoint
DELETE FROM "notifications" n WHERE (n."company_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = n."company_id")) OR NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = n."user_id");--> statement-breakpoint
-- Not set to null: a stored file without a company is readable by every signed-in user.
DELETE FROM "stored_files" s WHERE s."company_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = s."company_id");--> statement-breakpoint
DELETE FROM "staged_rows" s WHERE NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = s."company_id") OR NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."uploaded_by");--> statement-breakpoint
DELETE FROM "staged_users" s WHERE NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = s."company_id") OR NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."uploaded_by");--> statement-breakpoint
-- Live duplicate names (case-insensitive): the oldest row keeps its name, later ones get " (2)", " (3)", ... (the
-- first suffix not taken by a live row of the same scope), cut to fit varchar(100).
DO $$
DECLARE
  r record;
  n integer;
  candidate text;
BEGIN
  FOR r IN
    SELECT p."id", p."company_id", p."name" FROM "positions" p
    WHERE p."deleted_at" IS NULL AND EXISTS (
      SELECT 1 FROM "positions" q WHERE q."deleted_at" IS NULL AND q."company_id" = p."company_id"
        AND lower(q."name") = lower(p."name") AND q."id" < p."id")
    ORDER BY p."id"
  LOOP
    n := 2;
    LOOP
      candidate := left(r."name", 100 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "positions" q WHERE q."deleted_at" IS NULL AND q."company_id" = r."company_id"
          AND lower(q."name") = lower(candidate) AND q."id" <> r."id");
      n := n + 1;
    END LOOP;
    UPDATE "positions" SET "name" = candidate WHERE "id" = r."id";
  END LOOP;
END $$;--> statement-breakpoint
DO $$
DECLARE
  r record;
  n integer;
  candidate text;
BEGIN
  FOR r IN
    SELECT p."id", p."name" FROM "roles" p
    WHERE p."deleted_at" IS NULL AND EXISTS (
      SELECT 1 FROM "roles" q WHERE q."deleted_at" IS NULL AND lower(q."name") = lower(p."name") AND q."id" < p."id")
    ORDER BY p."id"
  LOOP
    n := 2;
    LOOP
      candidate := left(r."name", 100 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "roles" q WHERE q."deleted_at" IS NULL AND lower(q."name") = lower(candidate) AND q."id" <> r."id");
      n := n + 1;
    END LOOP;
    UPDATE "roles" SET "name" = candidate WHERE "id" = r."id";
  END LOOP;
END $$;--> statement-breakpoint
DO $$
DECLARE
  r record;
  n integer;
  candidate text;
BEGIN
  FOR r IN
    SELECT p."id", p."name" FROM "modules" p
    WHERE p."deleted_at" IS NULL AND EXISTS (
      SELECT 1 FROM "modules" q WHERE q."deleted_at" IS NULL AND lower(q."name") = lower(p."name") AND q."id" < p."id")
    ORDER BY p."id"
  LOOP
    n := 2;
    LOOP
      candidate := left(r."name", 100 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "modules" q WHERE q."deleted_at" IS NULL AND lower(q."name") = lower(candidate) AND q."id" <> r."id");
      n := n + 1;
    END LOOP;
    UPDATE "modules" SET "name" = candidate WHERE "id" = r."id";
  END LOOP;
END $$;--> statement-breakpoint
-- Generated by drizzle-kit from here on.
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_timestamps" ADD CONSTRAINT "user_timestamps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_timestamps" ADD CONSTRAINT "user_timestamps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_upline_user_id_users_id_fk" FOREIGN KEY ("upline_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_rows" ADD CONSTRAINT "staged_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_rows" ADD CONSTRAINT "staged_rows_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_users" ADD CONSTRAINT "staged_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_users" ADD CONSTRAINT "staged_users_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "modules_live_name_uq" ON "modules" USING btree (lower("name")) WHERE "modules"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "positions_live_name_uq" ON "positions" USING btree ("company_id",lower("name")) WHERE "positions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_live_name_uq" ON "roles" USING btree (lower("name")) WHERE "roles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_timestamps_user_idx" ON "user_timestamps" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_position_live_idx" ON "users" USING btree ("position_id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_live_idx" ON "users" USING btree ("role_id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_upline_idx" ON "users" USING btree ("upline_user_id");