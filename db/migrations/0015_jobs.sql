CREATE TABLE "customer_walk_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"franchisee_id" integer,
	"walk_id" integer NOT NULL,
	"request_type" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"original_date" date NOT NULL,
	"original_timeslot" time NOT NULL,
	"new_date" date,
	"new_timeslot" time,
	"reason" varchar(1000),
	"hours_before_walk" integer DEFAULT 0 NOT NULL,
	"refund_eligibility" smallint DEFAULT 0 NOT NULL,
	"refund_percent" smallint DEFAULT 0 NOT NULL,
	"refund_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_remarks" varchar(1000),
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "cwr_type_ck" CHECK ("customer_walk_requests"."request_type" in ('reschedule', 'cancel')),
	CONSTRAINT "cwr_status_ck" CHECK ("customer_walk_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "cwr_reschedule_ck" CHECK ("customer_walk_requests"."request_type" = 'cancel' or ("customer_walk_requests"."new_date" is not null and "customer_walk_requests"."new_timeslot" is not null))
);
--> statement-breakpoint
CREATE TABLE "daily_job_plan_walks" (
	"id" serial PRIMARY KEY NOT NULL,
	"daily_job_plan_id" integer NOT NULL,
	"franchisee_id" integer,
	"walker_id" integer,
	"date" date NOT NULL,
	"walk_no" smallint DEFAULT 1 NOT NULL,
	"timeslot" time NOT NULL,
	"duration_minutes" smallint DEFAULT 30 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"start_selfie_path" varchar(500),
	"end_selfie_path" varchar(500),
	"distance_covered" numeric(8, 2),
	"calories_burnt" numeric(8, 2),
	"rating" smallint,
	"feedback" varchar(1000),
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "djp_walks_status_ck" CHECK ("daily_job_plan_walks"."status" between 0 and 6),
	CONSTRAINT "djp_walks_rating_ck" CHECK ("daily_job_plan_walks"."rating" is null or "daily_job_plan_walks"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "daily_job_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_monthly_job_request_id" integer,
	"user_id" integer NOT NULL,
	"franchisee_id" integer,
	"walker_id" integer,
	"user_pet_id" integer,
	"user_pet_2_id" integer,
	"date" date NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"holiday_id" integer,
	"holiday_name" varchar(500),
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "daily_job_plans_status_ck" CHECK ("daily_job_plans"."status" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "leave_request_walks" (
	"id" serial PRIMARY KEY NOT NULL,
	"leave_request_id" integer NOT NULL,
	"walk_id" integer NOT NULL,
	"original_walker_id" integer,
	"replacement_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"franchisee_id" integer,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"leave_type" varchar(20) DEFAULT 'full_day' NOT NULL,
	"reason" varchar(2000),
	"status" smallint DEFAULT 0 NOT NULL,
	"replacement_user_id" integer,
	"admin_remarks" varchar(1000),
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "leave_requests_status_ck" CHECK ("leave_requests"."status" in (0, 1, 2)),
	CONSTRAINT "leave_requests_type_ck" CHECK ("leave_requests"."leave_type" in ('full_day', 'time_range')),
	CONSTRAINT "leave_requests_times_ck" CHECK ("leave_requests"."leave_type" = 'full_day' or ("leave_requests"."start_time" is not null and "leave_requests"."end_time" > "leave_requests"."start_time"))
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"address" varchar(500) NOT NULL,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"state_id" integer,
	"pin_code" varchar(10),
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_monthly_job_request_pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_monthly_job_request_id" integer NOT NULL,
	"user_pet_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_monthly_job_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"franchisee_id" integer,
	"user_address_id" integer,
	"plan_id" integer,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"zone_id" integer,
	"walker_id" integer,
	"timeslot" time,
	"timeslot_2" time,
	"remark" varchar(1000),
	"status" smallint DEFAULT 0 NOT NULL,
	"franchisee_approval_status" smallint DEFAULT 0 NOT NULL,
	"walks_generated_at" timestamp with time zone,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "umjr_status_ck" CHECK ("user_monthly_job_requests"."status" in (0, 1, 2)),
	CONSTRAINT "umjr_franchisee_approval_ck" CHECK ("user_monthly_job_requests"."franchisee_approval_status" in (0, 1, 2)),
	CONSTRAINT "umjr_month_ck" CHECK ("user_monthly_job_requests"."month" between 1 and 12),
	CONSTRAINT "umjr_year_ck" CHECK ("user_monthly_job_requests"."year" between 2000 and 2100),
	CONSTRAINT "umjr_dates_ck" CHECK ("user_monthly_job_requests"."end_date" >= "user_monthly_job_requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "user_pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"breed_id" integer,
	"weight" numeric(5, 2),
	"age" smallint,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "walk_request_policies" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"reschedule_quota" smallint DEFAULT 4 NOT NULL,
	"refund_tiers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "customer_walk_requests" ADD CONSTRAINT "customer_walk_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_walk_requests" ADD CONSTRAINT "customer_walk_requests_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_walk_requests" ADD CONSTRAINT "customer_walk_requests_walk_id_daily_job_plan_walks_id_fk" FOREIGN KEY ("walk_id") REFERENCES "public"."daily_job_plan_walks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_walk_requests" ADD CONSTRAINT "customer_walk_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD CONSTRAINT "daily_job_plan_walks_daily_job_plan_id_daily_job_plans_id_fk" FOREIGN KEY ("daily_job_plan_id") REFERENCES "public"."daily_job_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD CONSTRAINT "daily_job_plan_walks_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD CONSTRAINT "daily_job_plan_walks_walker_id_users_id_fk" FOREIGN KEY ("walker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plan_walks" ADD CONSTRAINT "daily_job_plan_walks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_user_monthly_job_request_id_user_monthly_job_requests_id_fk" FOREIGN KEY ("user_monthly_job_request_id") REFERENCES "public"."user_monthly_job_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_walker_id_users_id_fk" FOREIGN KEY ("walker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_user_pet_id_user_pets_id_fk" FOREIGN KEY ("user_pet_id") REFERENCES "public"."user_pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_user_pet_2_id_user_pets_id_fk" FOREIGN KEY ("user_pet_2_id") REFERENCES "public"."user_pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_holiday_id_state_holidays_id_fk" FOREIGN KEY ("holiday_id") REFERENCES "public"."state_holidays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_job_plans" ADD CONSTRAINT "daily_job_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_walks" ADD CONSTRAINT "leave_request_walks_leave_request_id_leave_requests_id_fk" FOREIGN KEY ("leave_request_id") REFERENCES "public"."leave_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_walks" ADD CONSTRAINT "leave_request_walks_walk_id_daily_job_plan_walks_id_fk" FOREIGN KEY ("walk_id") REFERENCES "public"."daily_job_plan_walks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_walks" ADD CONSTRAINT "leave_request_walks_original_walker_id_users_id_fk" FOREIGN KEY ("original_walker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_walks" ADD CONSTRAINT "leave_request_walks_replacement_user_id_users_id_fk" FOREIGN KEY ("replacement_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_replacement_user_id_users_id_fk" FOREIGN KEY ("replacement_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_request_pets" ADD CONSTRAINT "user_monthly_job_request_pets_user_monthly_job_request_id_user_monthly_job_requests_id_fk" FOREIGN KEY ("user_monthly_job_request_id") REFERENCES "public"."user_monthly_job_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_request_pets" ADD CONSTRAINT "user_monthly_job_request_pets_user_pet_id_user_pets_id_fk" FOREIGN KEY ("user_pet_id") REFERENCES "public"."user_pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_user_address_id_user_addresses_id_fk" FOREIGN KEY ("user_address_id") REFERENCES "public"."user_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_zone_id_value_lists_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."value_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_walker_id_users_id_fk" FOREIGN KEY ("walker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_job_requests" ADD CONSTRAINT "user_monthly_job_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pets" ADD CONSTRAINT "user_pets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pets" ADD CONSTRAINT "user_pets_breed_id_value_lists_id_fk" FOREIGN KEY ("breed_id") REFERENCES "public"."value_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pets" ADD CONSTRAINT "user_pets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_request_policies" ADD CONSTRAINT "walk_request_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cwr_list_idx" ON "customer_walk_requests" USING btree ("company_id","requested_at","id") WHERE "customer_walk_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cwr_franchisee_idx" ON "customer_walk_requests" USING btree ("company_id","franchisee_id","requested_at","id") WHERE "customer_walk_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cwr_walk_idx" ON "customer_walk_requests" USING btree ("walk_id");--> statement-breakpoint
CREATE INDEX "cwr_user_idx" ON "customer_walk_requests" USING btree ("user_id","request_type");--> statement-breakpoint
CREATE INDEX "djp_walks_plan_idx" ON "daily_job_plan_walks" USING btree ("daily_job_plan_id","walk_no");--> statement-breakpoint
CREATE INDEX "djp_walks_walker_idx" ON "daily_job_plan_walks" USING btree ("company_id","walker_id","date","timeslot") WHERE "daily_job_plan_walks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "djp_walks_franchisee_idx" ON "daily_job_plan_walks" USING btree ("company_id","franchisee_id","date") WHERE "daily_job_plan_walks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "daily_job_plans_list_idx" ON "daily_job_plans" USING btree ("company_id","date","id") WHERE "daily_job_plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "daily_job_plans_franchisee_idx" ON "daily_job_plans" USING btree ("company_id","franchisee_id","date","id") WHERE "daily_job_plans"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_job_plans_request_date_uq" ON "daily_job_plans" USING btree ("user_monthly_job_request_id","date") WHERE "daily_job_plans"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_request_walks_uq" ON "leave_request_walks" USING btree ("leave_request_id","walk_id");--> statement-breakpoint
CREATE INDEX "leave_request_walks_walk_idx" ON "leave_request_walks" USING btree ("walk_id");--> statement-breakpoint
CREATE INDEX "leave_requests_list_idx" ON "leave_requests" USING btree ("company_id","id") WHERE "leave_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leave_requests_franchisee_idx" ON "leave_requests" USING btree ("company_id","franchisee_id","id") WHERE "leave_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leave_requests_user_date_idx" ON "leave_requests" USING btree ("company_id","user_id","date") WHERE "leave_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("company_id","user_id","id") WHERE "user_addresses"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "umjr_pets_uq" ON "user_monthly_job_request_pets" USING btree ("user_monthly_job_request_id","user_pet_id");--> statement-breakpoint
CREATE INDEX "umjr_list_idx" ON "user_monthly_job_requests" USING btree ("company_id","id") WHERE "user_monthly_job_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "umjr_franchisee_idx" ON "user_monthly_job_requests" USING btree ("company_id","franchisee_id","id") WHERE "user_monthly_job_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "umjr_zone_idx" ON "user_monthly_job_requests" USING btree ("company_id","zone_id","id") WHERE "user_monthly_job_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "umjr_user_idx" ON "user_monthly_job_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_pets_user_idx" ON "user_pets" USING btree ("company_id","user_id","id") WHERE "user_pets"."deleted_at" is null;