ALTER TABLE "shop" ADD COLUMN "identity_check" jsonb;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "retention_months" integer;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "watch_ack_single_person" boolean;