DROP INDEX "orders_refund_due_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "own_design" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."withdrawal_declared_at" is not null and "orders"."status" not in ('cancelled', 'returned') and not "orders"."own_design";--> statement-breakpoint
-- Orders placed before the column: made to the buyer's own design when their stored design has texts or stickers
-- (hasOwnDesign in app/modules/orders/withdrawal.ts). An anonymised order's layers were removed with its account
-- (D162): it cannot be told any more and stays false.
UPDATE "orders" SET "own_design" = true
WHERE NOT "own_design" AND jsonb_typeof("design" -> 'layers') = 'array' AND jsonb_array_length("design" -> 'layers') > 0;
