CREATE TYPE "public"."company_role" AS ENUM('ADMINISTRADOR', 'COMPRADOR', 'APROBADOR', 'FINANZAS');--> statement-breakpoint
ALTER TYPE "public"."order_state" ADD VALUE 'AWAITING_COMPANY_APPROVAL';--> statement-breakpoint
CREATE TABLE "password_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_rut" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_code" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_decision_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_decision_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_decision_note" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_rut" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" "company_role" DEFAULT 'ADMINISTRADOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_limit" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_code" integer;--> statement-breakpoint
ALTER TABLE "password_setups" ADD CONSTRAINT "password_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_setups_token_idx" ON "password_setups" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_setups_user_idx" ON "password_setups" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_decision_by_users_id_fk" FOREIGN KEY ("company_decision_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_rut","id");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_rut");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_email_idx" ON "users" USING btree ("company_rut",lower("email")) WHERE "users"."company_rut" <> '' and "users"."email" <> '';--> statement-breakpoint
UPDATE "users" SET "company_rut" = "username" WHERE "user_type" = 'USER';--> statement-breakpoint
UPDATE "orders" SET "company_rut" = "users"."company_rut" FROM "users" WHERE "users"."id" = "orders"."user_id";
