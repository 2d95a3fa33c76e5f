CREATE TABLE "staged_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"row_no" integer NOT NULL,
	"first_name" varchar(300),
	"middle_name" varchar(300),
	"last_name" varchar(300),
	"email" varchar(300),
	"phone" varchar(100),
	"position" varchar(300),
	"upline_user" varchar(300),
	"errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "companies_search_idx";--> statement-breakpoint
CREATE INDEX "staged_users_owner_idx" ON "staged_users" USING btree ("company_id","uploaded_by","row_no");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", '') || ' ' || coalesce("employee_code", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin (("name" || ' ' || "email" || ' ' || coalesce("admin_name", '') || ' ' || "phone" || ' ' || coalesce("city", '')) gin_trgm_ops);