CREATE TABLE "product_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" varchar(50) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"offer" boolean DEFAULT false NOT NULL,
	"genero" varchar(20) DEFAULT '' NOT NULL,
	"percentage" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"main_url_image" varchar(300) DEFAULT '' NOT NULL,
	"second_url_image" varchar(300) DEFAULT '' NOT NULL,
	"third_url_image" varchar(300) DEFAULT '' NOT NULL,
	"url_technical_sheet" varchar(300) DEFAULT '' NOT NULL,
	"url_size_guide_image" varchar(300) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_content_sku_idx" ON "product_content" USING btree ("sku");