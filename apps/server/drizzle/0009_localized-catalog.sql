ALTER TABLE "banners" ADD COLUMN "text" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;