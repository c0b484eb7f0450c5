CREATE TABLE "erp_item_reader" (
	"id" integer PRIMARY KEY NOT NULL,
	"holder" varchar(100),
	"epoch" bigint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"read_at" bigint,
	"full_at" bigint,
	"newest" varchar(30) DEFAULT '' NOT NULL,
	"last_read" jsonb
);
--> statement-breakpoint
CREATE TABLE "erp_items" (
	"item_code" varchar(50) PRIMARY KEY NOT NULL,
	"record" jsonb,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_reads" (
	"scope" varchar(40) NOT NULL,
	"key" varchar(200) NOT NULL,
	"value" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "erp_reads_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "erp_items_version_idx" ON "erp_items" USING btree ("version");--> statement-breakpoint
CREATE INDEX "erp_reads_read_at_idx" ON "erp_reads" USING btree ("read_at");--> statement-breakpoint
INSERT INTO "erp_item_reader" ("id") VALUES (1) ON CONFLICT DO NOTHING;
