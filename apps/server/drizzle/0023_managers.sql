ALTER TABLE "users" ADD COLUMN "manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 28: the shop's owner is its first manager.
UPDATE "users" SET "manager" = true WHERE "id" = (SELECT "owner_id" FROM "shop");
