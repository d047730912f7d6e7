ALTER TABLE "categories" ADD COLUMN "id_check_any_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "document_expiry" date;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "id_check_any_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 27 item 1: an Individual Number (My Number) must never be kept (マイナンバー法 §20). Rows
-- holding one are blanked at server start (lib/individual-numbers.ts: the number is sealed, so
-- only the server with IDENTITY_KEY can tell). The ledger's copy of its last digits must go too:
-- besides the retention job's anonymization, an entry may now change in exactly one way, its
-- identity_document_hint blanked to '' with every other column as it was.
CREATE OR REPLACE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP = 'UPDATE'
    AND OLD.identity_document_hint <> '' AND NEW.identity_document_hint = ''
    AND (to_jsonb(NEW) - 'identity_document_hint') = (to_jsonb(OLD) - 'identity_document_hint')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
-- Issue 27 item 2: the goods checked whatever the price, where the catalog has them: 古物営業法
-- 施行規則 §16's list, and the demo shop's policy (bullion, gold and platinum; a watch of gold or
-- platinum by its material). An operator's catalog sets them with `id_check_any_price`.
UPDATE "categories" SET "id_check_any_price" = true WHERE "code" IN ('gold_bar', 'motorcycle', 'motorcycle_parts',
  'game_software', 'optical_disc', 'book', 'aircon_outdoor_unit', 'heat_pump', 'electric_wire', 'metal_grating');
--> statement-breakpoint
UPDATE "materials" SET "id_check_any_price" = true WHERE "code" IN ('gold_24k', 'gold_22k', 'gold_18k', 'gold_14k',
  'pt950', 'pt900');
