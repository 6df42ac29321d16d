CREATE TABLE "refund_intents" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"request" jsonb NOT NULL,
	"state" text DEFAULT 'asked' NOT NULL,
	"refund_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "refund_intents_kind_known" CHECK ("refund_intents"."kind" in ('cancelled', 'returned', 'partial-refund')),
	CONSTRAINT "refund_intents_state_known" CHECK ("refund_intents"."state" in ('asked', 'done', 'refused')),
	CONSTRAINT "refund_intents_amount_positive" CHECK ("refund_intents"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund_intents" ADD CONSTRAINT "refund_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_intents_one_open_idx" ON "refund_intents" USING btree ("order_id") WHERE state = 'asked';--> statement-breakpoint
CREATE INDEX "refund_intents_open_idx" ON "refund_intents" USING btree ("created_at") WHERE state = 'asked';