-- The kinds an order's history knows, now with the back office's own entries: an internal note, a corrected
-- tracking number, a mail sent again (to a corrected address). Every stored kind is one of them.
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('placed', 'status', 'withdrawal', 'refund-refused', 'note', 'tracking-corrected', 'mail-resent'));
