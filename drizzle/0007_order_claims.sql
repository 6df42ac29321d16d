CREATE TABLE "order_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_claims_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "order_claims" ADD CONSTRAINT "order_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_claims_order_id_idx" ON "order_claims" USING btree ("order_id","created_at");