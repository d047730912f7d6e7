CREATE TABLE "commodity_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"commodity_id" integer NOT NULL,
	"from_branch_id" integer NOT NULL,
	"to_branch_id" integer NOT NULL,
	"transferred_by" integer NOT NULL,
	"transferred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commodity_transfers" ADD CONSTRAINT "commodity_transfers_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_transfers" ADD CONSTRAINT "commodity_transfers_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_transfers" ADD CONSTRAINT "commodity_transfers_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_transfers" ADD CONSTRAINT "commodity_transfers_transferred_by_users_id_fk" FOREIGN KEY ("transferred_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodity_transfers_from_idx" ON "commodity_transfers" USING btree ("from_branch_id","transferred_at");--> statement-breakpoint
CREATE INDEX "commodity_transfers_to_idx" ON "commodity_transfers" USING btree ("to_branch_id","transferred_at");--> statement-breakpoint
CREATE INDEX "commodity_transfers_commodity_idx" ON "commodity_transfers" USING btree ("commodity_id");