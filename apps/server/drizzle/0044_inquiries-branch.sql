-- A price inquiry belongs to the branch it was taken at (issue 32, docs/adr/0105); those taken
-- before branches, to the first.
ALTER TABLE "inquiries" ADD COLUMN "branch_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "inquiries" ALTER COLUMN "branch_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;