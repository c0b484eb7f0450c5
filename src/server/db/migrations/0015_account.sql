CREATE TYPE "public"."account_alert_kind" AS ENUM('NEW_INVOICE', 'DUE_SOON', 'OVERDUE');--> statement-breakpoint
ALTER TYPE "public"."notification_section" ADD VALUE 'ACCOUNT_CLAIM';--> statement-breakpoint
CREATE TABLE "account_alerts_sent" (
	"card_code" varchar(50) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"doc_entry" integer NOT NULL,
	"alert" "account_alert_kind" NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_alerts_sent_card_code_kind_doc_entry_alert_pk" PRIMARY KEY("card_code","kind","doc_entry","alert")
);
--> statement-breakpoint
CREATE TABLE "account_claim_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_rut" varchar(16) NOT NULL,
	"card_code" varchar(50) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"doc_entry" integer NOT NULL,
	"dte_type" smallint NOT NULL,
	"folio" integer,
	"reason" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "account_claim_files" ADD CONSTRAINT "account_claim_files_claim_id_account_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."account_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_claims" ADD CONSTRAINT "account_claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_claim_files_claim_idx" ON "account_claim_files" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_claims_document_idx" ON "account_claims" USING btree ("card_code","kind","doc_entry");