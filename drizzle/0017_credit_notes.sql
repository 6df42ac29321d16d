ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_noted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_note_number_unique" UNIQUE("credit_note_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'returned'));--> statement-breakpoint
-- Orders cancelled before credit notes existed get theirs now, dated now, numbered on in this year's series (the
-- seller's year, as takeInvoiceNumber counts): a correction issued late is still issued, and the series stays gapless.
WITH "pending" AS (
	SELECT "id", row_number() OVER (ORDER BY "updated_at", "id") AS "n", count(*) OVER () AS "total"
	FROM "orders" WHERE "status" = 'cancelled' AND "invoice_number" IS NOT NULL AND "credit_note_number" IS NULL
), "counter" AS (
	INSERT INTO "invoice_counters" ("series", "last_number")
	SELECT to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY'), count(*) FROM "pending" HAVING count(*) > 0
	ON CONFLICT ("series") DO UPDATE SET "last_number" = "invoice_counters"."last_number" + EXCLUDED."last_number"
	RETURNING "series", "last_number"
), "numbered" AS (
	SELECT "pending"."id", "counter"."series", "counter"."last_number" - "pending"."total" + "pending"."n" AS "number"
	FROM "pending", "counter"
)
UPDATE "orders" SET
	-- Six digits at least, more when a year has more (lpad alone would cut them), as formatInvoiceNumber writes them.
	"credit_note_number" = "numbered"."series" || '-' || lpad("numbered"."number"::text, greatest(6, length("numbered"."number"::text)), '0'),
	"credit_noted_at" = now()
FROM "numbered" WHERE "orders"."id" = "numbered"."id";
