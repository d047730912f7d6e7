CREATE TABLE "shop" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"name" text,
	"address" text,
	"phone" text,
	"licence_no" text,
	"currency" text,
	"time_zone" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_one_row" CHECK ("shop"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "shop" ADD CONSTRAINT "shop_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 28: a database seeded before this migration is a shop already: the demo's, where the demo
-- recorder's account is there (its public mobile), else one set up by an operator at the terminal.
INSERT INTO "shop" ("id", "demo")
SELECT 1, EXISTS (SELECT 1 FROM "users" WHERE "mobile" = '13800000001')
WHERE EXISTS (SELECT 1 FROM "users" WHERE NOT "is_tmp");
