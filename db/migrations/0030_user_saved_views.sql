CREATE TABLE "user_saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"path" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_saved_views" ADD CONSTRAINT "user_saved_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_saved_views" ADD CONSTRAINT "user_saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_saved_views_name_uq" ON "user_saved_views" USING btree ("user_id","company_id",lower("name"));--> statement-breakpoint
-- Row-level security as every company table has it (0026): the acting company's rows, or platform work.
ALTER TABLE "user_saved_views" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "user_saved_views" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS tenant ON "user_saved_views";
--> statement-breakpoint
CREATE POLICY tenant ON "user_saved_views" FOR ALL
  USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::int)
    OR (SELECT current_setting('app.platform', true)) = 'on')
  WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::int)
    OR (SELECT current_setting('app.platform', true)) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "user_saved_views" TO portal_app;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE "user_saved_views_id_seq" TO portal_app;
