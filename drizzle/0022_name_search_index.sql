-- The name search's GIN index without a pending list (fastupdate): with it, new entries wait in an unsorted list that
-- every search reads from end to end until a vacuum (never, on PGlite) or 4 MB of them moves them into the index. The
-- bench's 100,000 orders were all in that list: "erika must" took 15–37 ms to find 367 rows, 2 ms without it.
ALTER INDEX "orders_name_words_idx" SET (fastupdate = false);--> statement-breakpoint
-- Setting it does not empty the list: this moves what is waiting into the index.
SELECT gin_clean_pending_list('orders_name_words_idx'::regclass);
