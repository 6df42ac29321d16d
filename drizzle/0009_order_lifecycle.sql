CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'buyer' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_contact_prefix_idx" ON "orders" USING btree (lower("contact") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_words_idx" ON "orders" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('paid', 'in_production', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('buyer', 'operator'));--> statement-breakpoint
-- An order's history is append-only: a correction is a new event, never an edit.
CREATE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_events_append_only" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();--> statement-breakpoint
-- Orders placed before the history existed start it with their placement.
INSERT INTO "order_events" ("id", "order_id", "kind", "from_status", "to_status", "actor", "created_at")
  SELECT gen_random_uuid()::text, "id", 'placed', NULL, 'paid', 'buyer', "created_at" FROM "orders";
--> statement-breakpoint
CREATE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_events_append_only"();
