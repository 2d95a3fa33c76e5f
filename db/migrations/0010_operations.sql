CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"image_path" varchar(500),
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
CREATE TABLE "outlet_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "outlet_users_dates_ck" CHECK ("outlet_users"."end_date" is null or "outlet_users"."end_date" >= "outlet_users"."start_date")
);
--> statement-breakpoint
CREATE TABLE "outlets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"brand" varchar(200),
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
CREATE TABLE "pjp_outlets" (
	"pjp_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	CONSTRAINT "pjp_outlets_pjp_id_outlet_id_pk" PRIMARY KEY("pjp_id","outlet_id")
);
--> statement-breakpoint
CREATE TABLE "pjp_reference_outlets" (
	"pjp_reference_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	CONSTRAINT "pjp_reference_outlets_pjp_reference_id_outlet_id_pk" PRIMARY KEY("pjp_reference_id","outlet_id")
);
--> statement-breakpoint
CREATE TABLE "pjp_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"location" varchar(200),
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"week" varchar(4) NOT NULL,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "pjp_references_day_ck" CHECK ("pjp_references"."day" in ('Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday')),
	CONSTRAINT "pjp_references_week_ck" CHECK ("pjp_references"."week" in ('EVEN','ODD'))
);
--> statement-breakpoint
CREATE TABLE "pjps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"location" varchar(200),
	"date" date NOT NULL,
	"description" varchar(1000),
	"user_id" integer NOT NULL,
	"is_outlet_visited" smallint DEFAULT 0 NOT NULL,
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
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"brand" varchar(200),
	"service_type_id" integer,
	"start_time" time,
	"end_time" time,
	"max_distance_km" numeric(7, 2),
	"min_pet_age" smallint,
	"max_pet_age" smallint,
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
CREATE TABLE "state_gsts" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" integer NOT NULL,
	"gst" numeric(5, 2) NOT NULL,
	"gst_date" date,
	"description" varchar(500),
	"is_recurring" smallint DEFAULT 0 NOT NULL,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "state_gsts_gst_ck" CHECK ("state_gsts"."gst" >= 0 and "state_gsts"."gst" <= 100)
);
--> statement-breakpoint
CREATE TABLE "state_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" integer NOT NULL,
	"holiday_date" date NOT NULL,
	"description" varchar(500),
	"is_recurring" smallint DEFAULT 0 NOT NULL,
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
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" varchar(100) NOT NULL,
	"code" varchar(10) NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_service_interests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
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
CREATE TABLE "value_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"value_id" integer NOT NULL,
	"description" varchar(200) NOT NULL,
	"code" varchar(50) NOT NULL,
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
CREATE TABLE "values" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
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
ALTER TABLE "banners" ADD CONSTRAINT "banners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_users" ADD CONSTRAINT "outlet_users_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_users" ADD CONSTRAINT "outlet_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_users" ADD CONSTRAINT "outlet_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjp_outlets" ADD CONSTRAINT "pjp_outlets_pjp_id_pjps_id_fk" FOREIGN KEY ("pjp_id") REFERENCES "public"."pjps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjp_outlets" ADD CONSTRAINT "pjp_outlets_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjp_reference_outlets" ADD CONSTRAINT "pjp_reference_outlets_pjp_reference_id_pjp_references_id_fk" FOREIGN KEY ("pjp_reference_id") REFERENCES "public"."pjp_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjp_reference_outlets" ADD CONSTRAINT "pjp_reference_outlets_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjp_references" ADD CONSTRAINT "pjp_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjp_references" ADD CONSTRAINT "pjp_references_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjps" ADD CONSTRAINT "pjps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pjps" ADD CONSTRAINT "pjps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_type_id_value_lists_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."value_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_gsts" ADD CONSTRAINT "state_gsts_state_states_id_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_gsts" ADD CONSTRAINT "state_gsts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_holidays" ADD CONSTRAINT "state_holidays_state_states_id_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_holidays" ADD CONSTRAINT "state_holidays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_service_interests" ADD CONSTRAINT "user_service_interests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_service_interests" ADD CONSTRAINT "user_service_interests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_service_interests" ADD CONSTRAINT "user_service_interests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_lists" ADD CONSTRAINT "value_lists_value_id_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_lists" ADD CONSTRAINT "value_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "values" ADD CONSTRAINT "values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_company_idx" ON "banners" USING btree ("company_id","deleted_at","title");--> statement-breakpoint
CREATE INDEX "outlet_users_outlet_idx" ON "outlet_users" USING btree ("company_id","outlet_id","deleted_at","id");--> statement-breakpoint
CREATE INDEX "outlet_users_user_idx" ON "outlet_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outlets_company_idx" ON "outlets" USING btree ("company_id","deleted_at","name");--> statement-breakpoint
CREATE UNIQUE INDEX "outlets_live_name_uq" ON "outlets" USING btree ("company_id",lower("name")) WHERE "outlets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pjp_outlets_outlet_idx" ON "pjp_outlets" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "pjp_reference_outlets_outlet_idx" ON "pjp_reference_outlets" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "pjp_references_company_idx" ON "pjp_references" USING btree ("company_id","deleted_at","name");--> statement-breakpoint
CREATE INDEX "pjp_references_user_idx" ON "pjp_references" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "pjps_company_date_idx" ON "pjps" USING btree ("company_id","deleted_at","date","id");--> statement-breakpoint
CREATE INDEX "pjps_user_date_idx" ON "pjps" USING btree ("company_id","user_id","date");--> statement-breakpoint
CREATE INDEX "services_company_idx" ON "services" USING btree ("company_id","deleted_at","name");--> statement-breakpoint
CREATE UNIQUE INDEX "services_live_name_uq" ON "services" USING btree ("company_id",lower("name")) WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "state_gsts_company_idx" ON "state_gsts" USING btree ("company_id","deleted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "state_gsts_live_state_uq" ON "state_gsts" USING btree ("company_id","state") WHERE "state_gsts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "state_holidays_company_idx" ON "state_holidays" USING btree ("company_id","deleted_at","holiday_date");--> statement-breakpoint
CREATE UNIQUE INDEX "state_holidays_live_date_uq" ON "state_holidays" USING btree ("company_id","state","holiday_date") WHERE "state_holidays"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "states_code_uq" ON "states" USING btree ("code");--> statement-breakpoint
CREATE INDEX "user_service_interests_service_idx" ON "user_service_interests" USING btree ("company_id","service_id","deleted_at","id");--> statement-breakpoint
CREATE INDEX "user_service_interests_user_idx" ON "user_service_interests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_service_interests_live_uq" ON "user_service_interests" USING btree ("user_id","service_id") WHERE "user_service_interests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "value_lists_value_idx" ON "value_lists" USING btree ("company_id","value_id","deleted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "value_lists_live_code_uq" ON "value_lists" USING btree ("value_id",lower("code")) WHERE "value_lists"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "values_company_idx" ON "values" USING btree ("company_id","deleted_at","name");--> statement-breakpoint
CREATE UNIQUE INDEX "values_live_name_uq" ON "values" USING btree ("company_id",lower("name")) WHERE "values"."deleted_at" is null;