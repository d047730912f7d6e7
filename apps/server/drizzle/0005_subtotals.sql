CREATE TABLE "subtotal_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subtotal_id" integer NOT NULL,
	"version" integer NOT NULL,
	"computed_by" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer NOT NULL,
	"genuine_count" integer NOT NULL,
	"by_currency" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subtotals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subtotal_versions" ADD CONSTRAINT "subtotal_versions_subtotal_id_subtotals_id_fk" FOREIGN KEY ("subtotal_id") REFERENCES "public"."subtotals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtotal_versions" ADD CONSTRAINT "subtotal_versions_computed_by_users_id_fk" FOREIGN KEY ("computed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtotals" ADD CONSTRAINT "subtotals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subtotal_versions_subtotal_version_idx" ON "subtotal_versions" USING btree ("subtotal_id","version");--> statement-breakpoint
CREATE INDEX "subtotals_created_idx" ON "subtotals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "commodities_identified_idx" ON "commodities" USING btree ("identified_at","id") WHERE "commodities"."result_flow_id" is not null;--> statement-breakpoint
CREATE INDEX "commodities_result_idx" ON "commodities" USING btree ("result_flow_id","identified_at","brand_id","category_id","product_id","material_id","is_recycle","recycle_price","recycle_currency") WHERE "commodities"."result_flow_id" is not null;--> statement-breakpoint
CREATE INDEX "identify_flows_mid_price_idx" ON "identify_flows" USING btree ((("price_low" + "price_high") / 2));