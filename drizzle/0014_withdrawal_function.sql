ALTER TABLE "orders" ADD COLUMN "withdrawal_declared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_name" text;