CREATE TABLE "verification_links" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"commodity_id" integer NOT NULL,
	"flow_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_links" ADD CONSTRAINT "verification_links_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_links" ADD CONSTRAINT "verification_links_flow_id_identify_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."identify_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_links" ADD CONSTRAINT "verification_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_links_commodity_idx" ON "verification_links" USING btree ("commodity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_links_tag_idx" ON "verification_links" USING btree ("commodity_id") WHERE "verification_links"."kind" = 'tag';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_links_certificate_idx" ON "verification_links" USING btree ("flow_id") WHERE "verification_links"."kind" = 'certificate';