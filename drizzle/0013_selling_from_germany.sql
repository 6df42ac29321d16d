CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "addresses_same_address_idx";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_kind" text DEFAULT 'vat' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_basis_points" integer DEFAULT 1900 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_same_address_idx" ON "addresses" USING btree ("user_id","name","address","addressextend","postalcode","city","country","region");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_kind_known" CHECK ("orders"."tax_kind" in ('vat', 'export'));--> statement-breakpoint
-- Orders placed before invoices existed get their numbers now, in the order they were placed, per calendar year
-- (series "2026", numbers "2026-000001" onwards), so that every order has an invoice and the series stays gapless.
WITH numbered AS (
	SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'UTC')::int::text AS "series",
		row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'UTC') ORDER BY "created_at", "id") AS "n"
	FROM "orders"
)
UPDATE "orders" SET "invoice_number" = numbered."series" || '-' || lpad(numbered."n"::text, 6, '0'), "invoiced_at" = "orders"."created_at"
FROM numbered WHERE numbered."id" = "orders"."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("series", "last_number")
SELECT extract(year FROM "created_at" AT TIME ZONE 'UTC')::int::text, count(*) FROM "orders" GROUP BY 1;
