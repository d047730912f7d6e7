CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"recorder_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"contact" text NOT NULL,
	"brand_id" integer,
	"product_id" integer,
	"product_name" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"estimate_status" integer DEFAULT 0 NOT NULL,
	"price_low" numeric(14, 2),
	"price_high" numeric(14, 2),
	"currency" text,
	"estimate_note" text,
	"valuer_id" integer,
	"estimated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_recorder_id_users_id_fk" FOREIGN KEY ("recorder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_valuer_id_users_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "inquiries_recorder_idx" ON "inquiries" USING btree ("recorder_id","id");--> statement-breakpoint
CREATE INDEX "inquiries_valuer_idx" ON "inquiries" USING btree ("valuer_id","id");