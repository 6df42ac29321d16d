CREATE TABLE "order_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "order_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "order_status_counts" ("status", "count") VALUES (NEW."status", 1)
      ON CONFLICT ("status") DO UPDATE SET "count" = "order_status_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_status_counts_insert_delete" AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_status_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "order_status_counts_update" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "order_status_counts_follow"();--> statement-breakpoint
INSERT INTO "order_status_counts" ("status", "count") SELECT "status", count(*) FROM "orders" GROUP BY "status";
