ALTER TABLE "inquiries" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_key_idx" ON "inquiries" USING btree ("recorder_id","idempotency_key");