DROP INDEX "users_role_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role_code";