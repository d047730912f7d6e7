CREATE TABLE "photo_guide_shots" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"outline" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commodities" ADD COLUMN "product_pic_shots" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_guide_shots" ADD CONSTRAINT "photo_guide_shots_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_guide_shots_category_code_idx" ON "photo_guide_shots" USING btree ("category_id","code");