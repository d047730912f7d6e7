CREATE TABLE "staff_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"change" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_changes_member_idx" ON "staff_changes" USING btree ("member_id","changed_at");--> statement-breakpoint
CREATE INDEX "commodity_events_created_idx" ON "commodity_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "identity_views_created_idx" ON "identity_views" USING btree ("created_at");