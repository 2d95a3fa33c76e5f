CREATE TABLE "staged_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"kind" varchar(50) NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	"errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staged_rows_owner_idx" ON "staged_rows" USING btree ("company_id","uploaded_by","kind","row_no");