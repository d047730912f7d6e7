CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone,
	"refused" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "login_throttles_window_idx" ON "login_throttles" USING btree ("window_ends_at");