-- The order history stays append-only, with two exceptions, each for one transaction that says so with a
-- transaction-local setting: the retention sweep deletes the history of orders past their ten years (D208, 0015), and
-- deleting an account erases what the back office's own entries hold about the buyer (D236): the text of an internal
-- note, the addresses of a mail sent again. Only those entries' details may change then; who wrote them, when and on
-- which order stay.
CREATE OR REPLACE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('deck.retention_sweep', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('deck.account_erasure', true) = 'on'
    AND OLD.kind IN ('note', 'mail-resent')
    AND (NEW.id, NEW.order_id, NEW.kind, NEW.from_status, NEW.to_status, NEW.actor, NEW.actor_id, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.order_id, OLD.kind, OLD.from_status, OLD.to_status, OLD.actor, OLD.actor_id, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'order_events is append-only';
END;
$$;
