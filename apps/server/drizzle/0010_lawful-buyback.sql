CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"occupation" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"document_number_sealed" text,
	"document_number_hint" text DEFAULT '' NOT NULL,
	"document_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"occupation" text NOT NULL,
	"birth_date" date,
	"checked_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" integer NOT NULL,
	"customer_id" integer,
	"subject" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transacted_at" timestamp with time zone NOT NULL,
	"commodity_id" integer NOT NULL,
	"commodity_no" text NOT NULL,
	"item" jsonb NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"features" jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"customer_id" integer NOT NULL,
	"identity_check_id" integer,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_occupation" text NOT NULL,
	"seller_age" integer,
	"identity_method" text NOT NULL,
	"identity_document_hint" text DEFAULT '' NOT NULL,
	"signature" text,
	"recorder_id" integer NOT NULL,
	"corrects_id" integer,
	"correction_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"matched_on" text NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "watch_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_no" text DEFAULT '' NOT NULL,
	"serial_norm" text DEFAULT '' NOT NULL,
	"engraving" text DEFAULT '' NOT NULL,
	"engraving_norm" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "commodities" ADD COLUMN "serial_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_views" ADD CONSTRAINT "identity_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_views" ADD CONSTRAINT "identity_views_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_identity_check_id_identity_checks_id_fk" FOREIGN KEY ("identity_check_id") REFERENCES "public"."identity_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_recorder_id_users_id_fk" FOREIGN KEY ("recorder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_matches" ADD CONSTRAINT "watch_matches_notice_id_watch_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."watch_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_matches" ADD CONSTRAINT "watch_matches_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_matches" ADD CONSTRAINT "watch_matches_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD CONSTRAINT "watch_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "customers_last_activity_idx" ON "customers" USING btree ("last_activity_at") WHERE "customers"."anonymized_at" is null;--> statement-breakpoint
CREATE INDEX "identity_checks_customer_idx" ON "identity_checks" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "identity_views_customer_idx" ON "identity_views" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_day_idx" ON "ledger_entries" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_customer_idx" ON "ledger_entries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_commodity_idx" ON "ledger_entries" USING btree ("commodity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_matches_notice_commodity_idx" ON "watch_matches" USING btree ("notice_id","commodity_id");--> statement-breakpoint
CREATE INDEX "watch_matches_commodity_idx" ON "watch_matches" USING btree ("commodity_id");--> statement-breakpoint
CREATE INDEX "watch_notices_serial_idx" ON "watch_notices" USING btree ("serial_norm");--> statement-breakpoint
CREATE INDEX "watch_notices_engraving_idx" ON "watch_notices" USING btree ("engraving_norm");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_customer_idx" ON "enrollments" USING btree ("customer_id");