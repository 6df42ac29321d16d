CREATE TABLE "order_refunds" (
	"credit_note_number" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"refund_reference" text NOT NULL,
	"actor" text NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."gross_cents" > 0),
	CONSTRAINT "order_refunds_vat_within" CHECK ("order_refunds"."vat_cents" >= 0 and "order_refunds"."vat_cents" < "order_refunds"."gross_cents")
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partly_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('placed', 'status', 'withdrawal', 'refund-refused', 'note', 'tracking-corrected', 'mail-resent', 'partial-refund'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partly_refunded_below_total" CHECK ("orders"."partly_refunded_cents" >= 0 and "orders"."partly_refunded_cents" < "orders"."total_cents");