CREATE TYPE "public"."delivery_type" AS ENUM('entrega', 'retiro');--> statement-breakpoint
CREATE TYPE "public"."erp_submission" AS ENUM('NONE', 'PENDING', 'SENT', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."notification_section" AS ENUM('CREATION_USER', 'RESERVE', 'CHEQUE');--> statement-breakpoint
CREATE TYPE "public"."order_state" AS ENUM('PROCESS', 'CONFIRMED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."order_type" AS ENUM('ONLINE', 'RESERVE');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('KHIPU', 'WEBPAY', 'CHEQUE', 'CREDIT');--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sku" varchar(50) NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"section" "notification_section" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sku" varchar(50) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"size" varchar(20) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"offer_pct" numeric(7, 4) DEFAULT 0 NOT NULL,
	"loyalty_pct" numeric(7, 4) DEFAULT 0 NOT NULL,
	"price_offer" integer NOT NULL,
	"price_final_unit" integer NOT NULL,
	"price_final" integer NOT NULL,
	"desc_linea" numeric(9, 4) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_number" varchar(20),
	"order_type" "order_type" NOT NULL,
	"order_state" "order_state" DEFAULT 'PROCESS' NOT NULL,
	"user_id" integer NOT NULL,
	"card_code" varchar(15) NOT NULL,
	"payment_method" "payment_method",
	"delivery_type" "delivery_type" DEFAULT 'entrega' NOT NULL,
	"delivery_address" varchar(50) DEFAULT '' NOT NULL,
	"delivery_address_text" varchar(300) DEFAULT '' NOT NULL,
	"delivery_commune" varchar(100) DEFAULT '' NOT NULL,
	"delivery_transport" varchar(50) DEFAULT '' NOT NULL,
	"invoice_address" varchar(50) DEFAULT '' NOT NULL,
	"loyalty_pct" numeric(7, 4) DEFAULT 0 NOT NULL,
	"net" integer NOT NULL,
	"offer_discount" integer NOT NULL,
	"loyalty_discount" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"num_oc" varchar(100) DEFAULT '' NOT NULL,
	"erp_status" "erp_submission" DEFAULT 'NONE' NOT NULL,
	"erp_doc_entry" integer,
	"erp_doc_num" integer,
	"erp_error" text,
	"cheque_file_key" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(50) NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_sku_idx" ON "cart_items" USING btree ("user_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_section_idx" ON "notification_recipients" USING btree ("section");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("purchase_order_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_idx" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");