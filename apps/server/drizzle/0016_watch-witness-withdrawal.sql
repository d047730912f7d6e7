ALTER TABLE "watch_matches" ADD COLUMN "witness_id" integer;--> statement-breakpoint
ALTER TABLE "watch_matches" ADD COLUMN "acknowledged_alone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD COLUMN "withdraw_reason" text;--> statement-breakpoint
ALTER TABLE "watch_matches" ADD CONSTRAINT "watch_matches_witness_id_users_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD CONSTRAINT "watch_notices_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;