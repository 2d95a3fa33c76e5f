CREATE TABLE "blog_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"blog_id" integer NOT NULL,
	"description" text,
	"imagepath" varchar(500),
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
CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(300) NOT NULL,
	"description" text,
	"imagepath" varchar(500),
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
CREATE TABLE "daycare_career_request_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"daycare_career_request_id" integer NOT NULL,
	"full_name" varchar(200) NOT NULL,
	"relation" varchar(100),
	"contact" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "daycare_career_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_by" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"rejection_reason" varchar(1000),
	"created_record_id" integer,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"full_name" varchar(200) NOT NULL,
	"date_of_birth" date,
	"phone_no" varchar(20),
	"email" varchar(191),
	"address" varchar(500),
	"pin_code" varchar(10),
	"gender" smallint,
	"preferred_work_type" smallint,
	"available_on" varchar(200),
	"preferred_timeslot" varchar(100),
	"open_to_pickup_drop" smallint DEFAULT 0 NOT NULL,
	"is_experienced" smallint DEFAULT 0 NOT NULL,
	"experience_description" varchar(2000),
	"is_experienced_day_care" smallint DEFAULT 0 NOT NULL,
	"experienced_day_care_description" varchar(2000),
	"is_commfortable_with_sizes" smallint DEFAULT 0 NOT NULL,
	"commfortable_description" varchar(2000),
	"additional_description" varchar(2000),
	"has_allergies" smallint DEFAULT 0 NOT NULL,
	"allergies_details" varchar(1000),
	CONSTRAINT "dcr_status_ck" CHECK ("daycare_career_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "franchisee_career_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_by" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"rejection_reason" varchar(1000),
	"created_record_id" integer,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"full_name" varchar(200) NOT NULL,
	"age" smallint,
	"phone_no" varchar(20),
	"email" varchar(191),
	"address" varchar(500),
	"city" varchar(100),
	"pin_code" varchar(10),
	"gender" smallint,
	"zone_id" integer,
	"applying_as" smallint,
	"currently_operate_business" smallint DEFAULT 0 NOT NULL,
	"business_description" varchar(2000),
	"has_franchisee_business" smallint DEFAULT 0 NOT NULL,
	"franchisee_description" varchar(2000),
	"is_experienced_pet_industry" smallint DEFAULT 0 NOT NULL,
	"proposed_franchisee_location" varchar(500),
	"preferred_work_type" smallint,
	"support_interest" varchar(1000),
	"heard_from" varchar(200),
	CONSTRAINT "fcr_status_ck" CHECK ("franchisee_career_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "franchisee_kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_type_id" integer NOT NULL,
	"document_name" varchar(200) NOT NULL,
	"document_path" varchar(500),
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(1000),
	"expires_on" date,
	"expiry_notified" smallint,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"franchisee_id" integer NOT NULL,
	CONSTRAINT "franchisee_kyc_documents_status_ck" CHECK ("franchisee_kyc_documents"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "kyc_document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"description" varchar(200) NOT NULL,
	"applies_to" smallint DEFAULT 1 NOT NULL,
	"is_required" smallint DEFAULT 1 NOT NULL,
	"requires_expiry" smallint DEFAULT 0 NOT NULL,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "kyc_document_types_applies_ck" CHECK ("kyc_document_types"."applies_to" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "master_franchisee_zones" (
	"master_franchisee_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "master_franchisee_zones_master_franchisee_id_zone_id_pk" PRIMARY KEY("master_franchisee_id","zone_id")
);
--> statement-breakpoint
CREATE TABLE "master_franchisees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
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
CREATE TABLE "pet_trainer_career_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_by" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"rejection_reason" varchar(1000),
	"created_record_id" integer,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"user_name" varchar(200) NOT NULL,
	"dob" date,
	"age" smallint,
	"phone_no" varchar(20),
	"email" varchar(191),
	"gender" smallint,
	"address" varchar(500),
	"area" varchar(200),
	"pin_code" varchar(10),
	"preferred_timeslot" varchar(100),
	"experience_description" varchar(2000),
	"trained_animal_type" varchar(200),
	"trained_animal_description" varchar(2000),
	"language_spoken" varchar(200),
	"other_language_spoken" varchar(200),
	"available_on" varchar(200),
	"has_allergies" smallint DEFAULT 0 NOT NULL,
	"allergies_details" varchar(1000),
	"is_comfortable_outdoor" smallint DEFAULT 0 NOT NULL,
	"is_experienced" smallint DEFAULT 0 NOT NULL,
	"has_internet_access" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "ptcr_status_ck" CHECK ("pet_trainer_career_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "pet_walkie_career_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_by" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"rejection_reason" varchar(1000),
	"created_record_id" integer,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"user_name" varchar(200) NOT NULL,
	"age" smallint,
	"phone_no" varchar(20),
	"whatsapp_no" varchar(20),
	"area" varchar(200),
	"pin_code" varchar(10),
	"preferred_timeslot" varchar(100),
	"is_experienced" smallint DEFAULT 0 NOT NULL,
	"has_internet_access" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "pwcr_status_ck" CHECK ("pet_walkie_career_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"no_of_dogs" smallint NOT NULL,
	"no_of_walks" smallint NOT NULL,
	"tier_id" integer,
	"original_amount" numeric(12, 2) NOT NULL,
	"price_percent" numeric(5, 2) DEFAULT 100 NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"calculated_final_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"second_discount_percent" numeric(5, 2),
	"second_discount_amount" numeric(12, 2),
	"final_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"per_walk_time" smallint,
	"days" smallint,
	"customer_per_day_charges" numeric(12, 2),
	"walkie_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"walkie_commission_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"franchisee_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"franchisee_commission_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"company_percent" numeric(5, 2) DEFAULT 100 NOT NULL,
	"company_commission_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_basic_plan" smallint DEFAULT 1 NOT NULL,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "plans_dogs_ck" CHECK ("plans"."no_of_dogs" in (1, 2)),
	CONSTRAINT "plans_walks_ck" CHECK ("plans"."no_of_walks" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "user_kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_type_id" integer NOT NULL,
	"document_name" varchar(200) NOT NULL,
	"document_path" varchar(500),
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(1000),
	"expires_on" date,
	"expiry_notified" smallint,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"company_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"user_id" integer NOT NULL,
	"franchisee_id" integer,
	CONSTRAINT "user_kyc_documents_status_ck" CHECK ("user_kyc_documents"."status" in (0, 1, 2))
);
--> statement-breakpoint
DROP INDEX "franchisees_company_idx";--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "email" varchar(191);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "phone" varchar(20);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "address" varchar(500);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "description" varchar(2000);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "latitude" numeric(10, 7);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "longitude" numeric(10, 7);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "zone_id" integer;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "end_time" time;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "rejection_reason" varchar(1000);--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "is_kyc_valid" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "career_request_id" integer;--> statement-breakpoint
ALTER TABLE "blog_details" ADD CONSTRAINT "blog_details_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_details" ADD CONSTRAINT "blog_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daycare_career_request_references" ADD CONSTRAINT "daycare_career_request_references_daycare_career_request_id_daycare_career_requests_id_fk" FOREIGN KEY ("daycare_career_request_id") REFERENCES "public"."daycare_career_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daycare_career_requests" ADD CONSTRAINT "daycare_career_requests_request_by_users_id_fk" FOREIGN KEY ("request_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daycare_career_requests" ADD CONSTRAINT "daycare_career_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_career_requests" ADD CONSTRAINT "franchisee_career_requests_request_by_users_id_fk" FOREIGN KEY ("request_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_career_requests" ADD CONSTRAINT "franchisee_career_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_career_requests" ADD CONSTRAINT "franchisee_career_requests_zone_id_value_lists_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."value_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_kyc_documents" ADD CONSTRAINT "franchisee_kyc_documents_document_type_id_kyc_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."kyc_document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_kyc_documents" ADD CONSTRAINT "franchisee_kyc_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_kyc_documents" ADD CONSTRAINT "franchisee_kyc_documents_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_document_types" ADD CONSTRAINT "kyc_document_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_franchisee_zones" ADD CONSTRAINT "master_franchisee_zones_master_franchisee_id_master_franchisees_id_fk" FOREIGN KEY ("master_franchisee_id") REFERENCES "public"."master_franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_franchisee_zones" ADD CONSTRAINT "master_franchisee_zones_zone_id_value_lists_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."value_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_franchisees" ADD CONSTRAINT "master_franchisees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_franchisees" ADD CONSTRAINT "master_franchisees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_trainer_career_requests" ADD CONSTRAINT "pet_trainer_career_requests_request_by_users_id_fk" FOREIGN KEY ("request_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_trainer_career_requests" ADD CONSTRAINT "pet_trainer_career_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_walkie_career_requests" ADD CONSTRAINT "pet_walkie_career_requests_request_by_users_id_fk" FOREIGN KEY ("request_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_walkie_career_requests" ADD CONSTRAINT "pet_walkie_career_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_tier_id_value_lists_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."value_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_kyc_documents" ADD CONSTRAINT "user_kyc_documents_document_type_id_kyc_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."kyc_document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_kyc_documents" ADD CONSTRAINT "user_kyc_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_kyc_documents" ADD CONSTRAINT "user_kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_kyc_documents" ADD CONSTRAINT "user_kyc_documents_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_details_blog_idx" ON "blog_details" USING btree ("company_id","blog_id","id") WHERE "blog_details"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "blogs_list_idx" ON "blogs" USING btree ("company_id","id") WHERE "blogs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "dcrr_request_idx" ON "daycare_career_request_references" USING btree ("daycare_career_request_id");--> statement-breakpoint
CREATE INDEX "daycare_career_requests_list_idx" ON "daycare_career_requests" USING btree ("company_id","id") WHERE "daycare_career_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "franchisee_career_requests_list_idx" ON "franchisee_career_requests" USING btree ("company_id","id") WHERE "franchisee_career_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "franchisee_career_requests_zone_idx" ON "franchisee_career_requests" USING btree ("company_id","zone_id","id") WHERE "franchisee_career_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "franchisee_kyc_documents_list_idx" ON "franchisee_kyc_documents" USING btree ("company_id","id") WHERE "franchisee_kyc_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "franchisee_kyc_documents_franchisee_idx" ON "franchisee_kyc_documents" USING btree ("franchisee_id","document_type_id","status");--> statement-breakpoint
CREATE INDEX "franchisee_kyc_documents_expiry_idx" ON "franchisee_kyc_documents" USING btree ("expires_on") WHERE "franchisee_kyc_documents"."deleted_at" is null and "franchisee_kyc_documents"."status" = 1;--> statement-breakpoint
CREATE INDEX "kyc_document_types_list_idx" ON "kyc_document_types" USING btree ("company_id","description","id") WHERE "kyc_document_types"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_document_types_live_code_uq" ON "kyc_document_types" USING btree ("company_id","applies_to",lower("code")) WHERE "kyc_document_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mfz_zone_idx" ON "master_franchisee_zones" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "master_franchisees_list_idx" ON "master_franchisees" USING btree ("company_id","id") WHERE "master_franchisees"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "master_franchisees_live_user_uq" ON "master_franchisees" USING btree ("company_id","user_id") WHERE "master_franchisees"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pet_trainer_career_requests_list_idx" ON "pet_trainer_career_requests" USING btree ("company_id","id") WHERE "pet_trainer_career_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pet_walkie_career_requests_list_idx" ON "pet_walkie_career_requests" USING btree ("company_id","id") WHERE "pet_walkie_career_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "plans_list_idx" ON "plans" USING btree ("company_id","id") WHERE "plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_kyc_documents_list_idx" ON "user_kyc_documents" USING btree ("company_id","id") WHERE "user_kyc_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_kyc_documents_user_idx" ON "user_kyc_documents" USING btree ("user_id","document_type_id","status");--> statement-breakpoint
CREATE INDEX "user_kyc_documents_franchisee_idx" ON "user_kyc_documents" USING btree ("company_id","franchisee_id","id") WHERE "user_kyc_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_kyc_documents_expiry_idx" ON "user_kyc_documents" USING btree ("expires_on") WHERE "user_kyc_documents"."deleted_at" is null and "user_kyc_documents"."status" = 1;--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_zone_id_value_lists_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."value_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "franchisees_list_idx" ON "franchisees" USING btree ("company_id","name","id") WHERE "franchisees"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "franchisees_zone_idx" ON "franchisees" USING btree ("company_id","zone_id","name","id") WHERE "franchisees"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_status_ck" CHECK ("franchisees"."status" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_latitude_ck" CHECK ("franchisees"."latitude" is null or "franchisees"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_longitude_ck" CHECK ("franchisees"."longitude" is null or "franchisees"."longitude" between -180 and 180);