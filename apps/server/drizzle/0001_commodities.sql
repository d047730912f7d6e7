CREATE TABLE "commodities" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"enrollment_id" integer NOT NULL,
	"recorder_id" integer NOT NULL,
	"status" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"valuer_id" integer,
	"workflow_id" integer,
	"brand_id" integer NOT NULL,
	"type_id" integer,
	"category_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"product_code" text DEFAULT '' NOT NULL,
	"material_id" integer,
	"length" numeric(12, 2),
	"width" numeric(12, 2),
	"size_unit" text DEFAULT 'mm' NOT NULL,
	"size_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight" numeric(12, 2),
	"weight_unit" text DEFAULT 'g' NOT NULL,
	"weight_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_status" integer NOT NULL,
	"product_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accessories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accessory_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engraving" text DEFAULT '' NOT NULL,
	"engraving_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inlay_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"material_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"modification_reason" text,
	"result_flow_id" integer,
	"identified_at" timestamp with time zone,
	"is_recycle" integer,
	"recycle_price" numeric(14, 2),
	"recycle_currency" text,
	"recycled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodities_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "commodity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"commodity_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodity_numbers" (
	"day" date PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"recorder_id" integer NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"body_hash" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identify_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"commodity_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step" text NOT NULL,
	"valuer_id" integer NOT NULL,
	"status" integer NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_seconds" integer,
	"return_reason" text,
	"identified_material_id" integer,
	"is_real" integer,
	"not_genuine_reason" text,
	"not_genuine_note" text,
	"state_level" text,
	"product_status" integer,
	"price_low" numeric(14, 2),
	"price_high" numeric(14, 2),
	"expected_sale_price" numeric(14, 2),
	"currency" text,
	"report" text,
	"metal_calc" jsonb,
	"agrees" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_recorder_id_users_id_fk" FOREIGN KEY ("recorder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_valuer_id_users_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_type_id_brand_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."brand_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_events" ADD CONSTRAINT "commodity_events_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_events" ADD CONSTRAINT "commodity_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_recorder_id_users_id_fk" FOREIGN KEY ("recorder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identify_flows" ADD CONSTRAINT "identify_flows_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identify_flows" ADD CONSTRAINT "identify_flows_valuer_id_users_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identify_flows" ADD CONSTRAINT "identify_flows_identified_material_id_materials_id_fk" FOREIGN KEY ("identified_material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodities_status_id_idx" ON "commodities" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "commodities_recorder_id_idx" ON "commodities" USING btree ("recorder_id","id");--> statement-breakpoint
CREATE INDEX "commodities_valuer_id_idx" ON "commodities" USING btree ("valuer_id","id");--> statement-breakpoint
CREATE INDEX "commodities_enrollment_idx" ON "commodities" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "commodities_product_name_idx" ON "commodities" USING btree (lower("product_name"));--> statement-breakpoint
CREATE INDEX "commodity_events_commodity_idx" ON "commodity_events" USING btree ("commodity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_key_idx" ON "enrollments" USING btree ("recorder_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "enrollments_phone_idx" ON "enrollments" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "identify_flows_commodity_idx" ON "identify_flows" USING btree ("commodity_id","round");--> statement-breakpoint
CREATE INDEX "identify_flows_valuer_idx" ON "identify_flows" USING btree ("valuer_id","step","finished_at");