ALTER TABLE "user_timestamps" ADD COLUMN "client_reported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "service_radius_km" numeric(6, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD COLUMN "actual_duration_minutes" smallint;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD COLUMN "walker_note" varchar(1000);--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD COLUMN "photo_paths" jsonb;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_pets" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "user_pets" ADD COLUMN "gender" varchar(10);--> statement-breakpoint
ALTER TABLE "user_pets" ADD COLUMN "temperament" varchar(500);--> statement-breakpoint
ALTER TABLE "user_pets" ADD COLUMN "medical_notes" varchar(1000);--> statement-breakpoint
ALTER TABLE "user_pets" ADD COLUMN "vet_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "user_pets" ADD COLUMN "photo_path" varchar(500);--> statement-breakpoint
CREATE INDEX "daily_job_plans_user_idx" ON "daily_job_plans" USING btree ("company_id","user_id","date") WHERE "daily_job_plans"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_default_uq" ON "user_addresses" USING btree ("user_id") WHERE "user_addresses"."is_default" and "user_addresses"."deleted_at" is null;