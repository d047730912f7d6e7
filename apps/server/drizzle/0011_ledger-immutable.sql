-- Custom SQL migration file, put your code below! --
-- The dealer's ledger is a legal record: rows are only inserted. The one change allowed is the
-- retention job's, once: it blanks the seller's personal columns and stamps anonymized_at.
CREATE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.anonymized_at IS NULL AND NEW.anonymized_at IS NOT NULL
    AND NEW.seller_name = '' AND NEW.seller_address = '' AND NEW.seller_occupation = ''
    AND NEW.identity_document_hint = '' AND NEW.signature IS NULL
    AND (NEW.id, NEW.transacted_at, NEW.commodity_id, NEW.commodity_no, NEW.item, NEW.quantity,
         NEW.features, NEW.price, NEW.currency, NEW.customer_id, NEW.identity_check_id,
         NEW.seller_age, NEW.identity_method, NEW.recorder_id, NEW.corrects_id,
         NEW.correction_reason, NEW.created_at, NEW.day)
      IS NOT DISTINCT FROM
        (OLD.id, OLD.transacted_at, OLD.commodity_id, OLD.commodity_no, OLD.item, OLD.quantity,
         OLD.features, OLD.price, OLD.currency, OLD.customer_id, OLD.identity_check_id,
         OLD.seller_age, OLD.identity_method, OLD.recorder_id, OLD.corrects_id,
         OLD.correction_reason, OLD.created_at, OLD.day)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_immutable"();
--> statement-breakpoint
-- The customers of enrollments made before customers were records: one per name and phone.
INSERT INTO "customers" ("name", "phone", "address", "created_by", "created_at", "updated_at", "last_activity_at")
SELECT DISTINCT ON ("customer_phone", "customer_name")
  "customer_name", "customer_phone", "customer_address", "recorder_id",
  min("created_at") OVER w, max("created_at") OVER w, max("created_at") OVER w
FROM "enrollments"
WINDOW w AS (PARTITION BY "customer_phone", "customer_name")
ORDER BY "customer_phone", "customer_name", "created_at" DESC;
--> statement-breakpoint
UPDATE "enrollments" e SET "customer_id" = c."id"
FROM "customers" c
WHERE c."phone" = e."customer_phone" AND c."name" = e."customer_name" AND e."customer_id" IS NULL;
