CREATE TYPE "public"."stock_alert_state" AS ENUM('WAITING', 'NOTIFIED', 'REMOVED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "stock_alert_mails" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alert_mails_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_rut" varchar(16) NOT NULL,
	"sku" varchar(50) NOT NULL,
	"style" varchar(50) NOT NULL,
	"state" "stock_alert_state" DEFAULT 'WAITING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"token_hash" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "stock_alert_mails" ADD CONSTRAINT "stock_alert_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("user_id","company_rut","sku") WHERE "stock_alerts"."state" = 'WAITING';--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stock_alerts_state_style_idx" ON "stock_alerts" USING btree ("state","style");