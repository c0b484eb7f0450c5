-- A notified alert keeps watching its size: at most one waiting or notified alert per person, company and size. Where
-- a person had a notified alert and then asked again (a waiting one), the older notified one is removed first.
UPDATE "stock_alerts" SET "state" = 'REMOVED' WHERE "state" = 'NOTIFIED' AND EXISTS (SELECT 1 FROM "stock_alerts" "w" WHERE "w"."state" = 'WAITING' AND "w"."user_id" = "stock_alerts"."user_id" AND "w"."company_rut" = "stock_alerts"."company_rut" AND "w"."sku" = "stock_alerts"."sku");--> statement-breakpoint
DROP INDEX "stock_alerts_waiting_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_watching_idx" ON "stock_alerts" USING btree ("user_id","company_rut","sku") WHERE "stock_alerts"."state" in ('WAITING', 'NOTIFIED');
