ALTER TABLE "orders" ADD COLUMN "buyer_reference" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_delivery_date" date;