CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"address" text,
	"phone" text,
	"licence_no" text,
	"time_zone" text,
	"currency" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The first branch (issue 32, docs/adr/0105): every detail null, the shop's. Every record of a
-- one-shop database goes to it, and every member of the staff works there.
INSERT INTO "branches" ("id") VALUES (1);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('branches', 'id'), 1);--> statement-breakpoint
CREATE TABLE "staff_branches" (
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "staff_branches_user_id_branch_id_pk" PRIMARY KEY("user_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "commodities" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "commodities" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "branch_no" integer;--> statement-breakpoint
-- Every entry so far is the first branch's ledger, numbered in the order written. The ledger's
-- trigger refuses every update: it steps aside for this one, inside the migration's transaction,
-- and then also keeps the branch and its number from changing.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_immutable";--> statement-breakpoint
UPDATE "ledger_entries" e SET "branch_no" = n.no
  FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS no FROM "ledger_entries") n WHERE n."id" = e."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_immutable";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "branch_no" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.anonymized_at IS NULL AND NEW.anonymized_at IS NOT NULL
    AND NEW.seller_name = '' AND NEW.seller_address = '' AND NEW.seller_occupation = ''
    AND NEW.identity_document_hint = '' AND NEW.signature IS NULL
    AND (NEW.id, NEW.transacted_at, NEW.commodity_id, NEW.commodity_no, NEW.item, NEW.quantity,
         NEW.features, NEW.price, NEW.currency, NEW.customer_id, NEW.identity_check_id,
         NEW.seller_age, NEW.identity_method, NEW.recorder_id, NEW.corrects_id,
         NEW.correction_reason, NEW.created_at, NEW.day, NEW.branch_id, NEW.branch_no)
      IS NOT DISTINCT FROM
        (OLD.id, OLD.transacted_at, OLD.commodity_id, OLD.commodity_no, OLD.item, OLD.quantity,
         OLD.features, OLD.price, OLD.currency, OLD.customer_id, OLD.identity_check_id,
         OLD.seller_age, OLD.identity_method, OLD.recorder_id, OLD.corrects_id,
         OLD.correction_reason, OLD.created_at, OLD.day, OLD.branch_id, OLD.branch_no)
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
$$;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "shop_changes" ADD COLUMN "branch_id" integer;--> statement-breakpoint
-- A subtotal made before branches adds up the first branch's results: all there were.
ALTER TABLE "subtotals" ADD COLUMN "branch_ids" integer[] NOT NULL DEFAULT '{1}';--> statement-breakpoint
ALTER TABLE "subtotals" ALTER COLUMN "branch_ids" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "temporary_links" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "temporary_links" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "staff_branches" ("user_id", "branch_id") SELECT "id", 1 FROM "users" WHERE NOT "is_tmp";--> statement-breakpoint
CREATE INDEX "staff_branches_branch_idx" ON "staff_branches" USING btree ("branch_id");--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_changes" ADD CONSTRAINT "shop_changes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_links" ADD CONSTRAINT "temporary_links_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodities_branch_status_idx" ON "commodities" USING btree ("branch_id","status","id");--> statement-breakpoint
CREATE INDEX "enrollments_branch_idx" ON "enrollments" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_branch_no_idx" ON "ledger_entries" USING btree ("branch_id","branch_no");--> statement-breakpoint
-- Which branches a session sees is kept in every instance's memory with the session: a change of
-- it signals them all, as a session's revocation does (migration 0007).
DROP TRIGGER "sessions_change_signal" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_change_signal" AFTER UPDATE OF "revoked_at", "user_id", "acting_role", "branch_id" OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();--> statement-breakpoint
CREATE TRIGGER "staff_branches_change_signal" AFTER INSERT OR UPDATE OR DELETE ON "staff_branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();--> statement-breakpoint
CREATE TRIGGER "branches_change_signal" AFTER INSERT OR DELETE OR UPDATE OF "closed_at" ON "branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();--> statement-breakpoint
CREATE TRIGGER "shop_owner_change_signal" AFTER UPDATE OF "owner_id" ON "shop"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();
