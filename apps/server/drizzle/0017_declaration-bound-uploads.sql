ALTER TABLE "ledger_entries" ADD COLUMN "declaration_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "declaration_lang" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transaction_purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "aml_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "bound_to" text;--> statement-breakpoint
-- The declaration a seller signed is part of the immutable ledger entry (issue 27 item 4): its
-- language never changes, its text only as the retention job's blanking, to '' (it names the
-- seller). A trigger of its own beside ledger_entries_immutable, so that either can change alone.
CREATE FUNCTION "ledger_entries_declaration_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.declaration_lang IS NOT DISTINCT FROM OLD.declaration_lang AND (
    (NEW.declaration_text IS NOT DISTINCT FROM OLD.declaration_text
      AND NOT (OLD.anonymized_at IS NULL AND NEW.anonymized_at IS NOT NULL AND NEW.declaration_text <> ''))
    OR (OLD.anonymized_at IS NULL AND NEW.anonymized_at IS NOT NULL AND NEW.declaration_text = '')
  ) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_declaration_kept" BEFORE UPDATE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_declaration_kept"();
--> statement-breakpoint
-- One private upload, one record (issue 27 item 5): the files already in use are bound to the
-- first record naming them, so that they cannot be used again and retention keeps them.
UPDATE "uploads" u SET "bound_to" = 'identity_check:' || c."id"
FROM (
  SELECT DISTINCT ON (p."name") p."name", ic."id"
  FROM "identity_checks" ic, jsonb_array_elements_text(ic."document_pics") AS p("name")
  ORDER BY p."name", ic."id"
) c
WHERE u."name" = c."name" AND u."bound_to" IS NULL;
--> statement-breakpoint
UPDATE "uploads" u SET "bound_to" = 'ledger_entry:' || l."id"
FROM (SELECT "signature", min("id") AS "id" FROM "ledger_entries" WHERE "signature" IS NOT NULL GROUP BY "signature") l
WHERE u."name" = l."signature" AND u."bound_to" IS NULL;
