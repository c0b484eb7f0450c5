DROP INDEX "cart_items_owner_sku_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "por_llegar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ship_date" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ship_date_moved" varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "incoming_shipping" varchar(8);--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_owner_sku_kind_idx" ON "cart_items" USING btree ("user_id","company_rut","sku","por_llegar");--> statement-breakpoint
CREATE INDEX "order_lines_preorder_idx" ON "order_lines" USING btree ("sku") WHERE "order_lines"."ship_date" is not null;