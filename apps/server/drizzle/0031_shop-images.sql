ALTER TABLE "shop" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "seal" text;