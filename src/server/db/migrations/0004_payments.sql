CREATE TYPE "public"."payment_provider" AS ENUM('WEBPAY', 'KHIPU');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('ORDER', 'INVOICES');--> statement-breakpoint
CREATE TYPE "public"."payment_state" AS ENUM('CREATED', 'PAID', 'REJECTED', 'ABORTED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"card_code" varchar(15) NOT NULL,
	"amount" integer NOT NULL,
	"state" "payment_state" DEFAULT 'CREATED' NOT NULL,
	"reference" varchar(64) NOT NULL,
	"session_id" varchar(61) DEFAULT '' NOT NULL,
	"provider_id" varchar(100),
	"payment_url" text,
	"invoices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"outcome_applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_idx" ON "payments" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("state","created_at");