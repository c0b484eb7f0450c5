CREATE TYPE "public"."rep_scope" AS ENUM('ASIGNADOS', 'TODOS');--> statement-breakpoint
ALTER TYPE "public"."user_type" ADD VALUE 'VENDEDOR';--> statement-breakpoint
CREATE TABLE "representations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_code" varchar(50) NOT NULL,
	"company_rut" varchar(16) NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "cart_items_user_sku_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "company_rut" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rep_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rep_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_person_code" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sales_person_code" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rep_scope" "rep_scope";--> statement-breakpoint
ALTER TABLE "representations" ADD CONSTRAINT "representations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "representations_user_idx" ON "representations" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rep_user_id_users_id_fk" FOREIGN KEY ("rep_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_owner_sku_idx" ON "cart_items" USING btree ("user_id","company_rut","sku");--> statement-breakpoint
CREATE INDEX "orders_rep_idx" ON "orders" USING btree ("rep_user_id","id");--> statement-breakpoint
UPDATE "cart_items" SET "company_rut" = "users"."company_rut" FROM "users" WHERE "users"."id" = "cart_items"."user_id";
