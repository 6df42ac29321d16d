-- The order history stays append-only, except for the data-retention sweep (D208): it deletes the history of orders
-- past their ten years, in a transaction that says so with the transaction-local setting deck.retention_sweep.
CREATE OR REPLACE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('deck.retention_sweep', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'order_events is append-only';
END;
$$;
