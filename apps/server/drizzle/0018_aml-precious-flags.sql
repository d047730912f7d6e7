CREATE TABLE "suspicious_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"ledger_entry_id" integer NOT NULL,
	"reason" text NOT NULL,
	"flagged_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "precious" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "precious" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "suspicious_flags" ADD CONSTRAINT "suspicious_flags_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_flags" ADD CONSTRAINT "suspicious_flags_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_flags" ADD CONSTRAINT "suspicious_flags_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suspicious_flags_open_uq" ON "suspicious_flags" USING btree ("ledger_entry_id") WHERE "suspicious_flags"."decision" is null;--> statement-breakpoint
CREATE INDEX "suspicious_flags_decision_idx" ON "suspicious_flags" USING btree ("decision","id");--> statement-breakpoint
-- Issue 27 item 2 (money laundering): how a buyback was paid and whether the verification at
-- transaction applied never change; the purpose of the transaction only as the retention job's
-- blanking, to '' (it is the seller's own statement). A trigger of its own beside the others.
CREATE FUNCTION "ledger_entries_aml_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.payment_method IS NOT DISTINCT FROM OLD.payment_method
    AND NEW.aml_verified IS NOT DISTINCT FROM OLD.aml_verified
    AND (
      (NEW.transaction_purpose IS NOT DISTINCT FROM OLD.transaction_purpose
        AND NOT (OLD.anonymized_at IS NULL AND NEW.anonymized_at IS NOT NULL AND NEW.transaction_purpose <> ''))
      OR (OLD.anonymized_at IS NULL AND NEW.anonymized_at IS NOT NULL AND NEW.transaction_purpose = '')
    )
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_aml_kept" BEFORE UPDATE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_aml_kept"();
--> statement-breakpoint
-- The demo catalog's precious metals and stones (施行令 §4) and its bullion and loose-gem
-- categories; an operator's own catalog sets them with the `precious` column of its import.
UPDATE "materials" SET "precious" = true WHERE "code" IN ('gold_24k', 'gold_22k', 'gold_18k', 'gold_14k',
  'pt950', 'pt900', 'silver_925', 'diamond', 'jade', 'pearl', 'ruby', 'sapphire', 'emerald');
--> statement-breakpoint
UPDATE "categories" SET "precious" = true WHERE "code" IN ('gold_bar', 'loose_gem');
