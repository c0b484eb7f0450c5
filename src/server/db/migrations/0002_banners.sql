CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_file" varchar(200) DEFAULT '' NOT NULL,
	"url_banner_image" varchar(300) DEFAULT '' NOT NULL,
	"url_banner_image2" varchar(300) DEFAULT '' NOT NULL,
	"url_banner_image3" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
