ALTER TABLE "brands" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "retired_at" timestamp with time zone;