DROP INDEX "outlets_company_idx";--> statement-breakpoint
DROP INDEX "pjp_references_company_idx";--> statement-breakpoint
DROP INDEX "outlet_users_outlet_idx";--> statement-breakpoint
CREATE INDEX "outlet_users_list_idx" ON "outlet_users" USING btree ("company_id","start_date","id") WHERE "outlet_users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "outlets_list_idx" ON "outlets" USING btree ("company_id","name","id") WHERE "outlets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pjp_references_list_idx" ON "pjp_references" USING btree ("company_id","name","id") WHERE "pjp_references"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "outlet_users_outlet_idx" ON "outlet_users" USING btree ("company_id","outlet_id","start_date","id") WHERE "outlet_users"."deleted_at" is null;