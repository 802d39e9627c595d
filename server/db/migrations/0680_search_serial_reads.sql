-- Broker search reads its term index without parallel workers (docs/decisions/0005-broker-search-index.md).
-- Every read of these tables is an index range under a LIMIT that answers in a few milliseconds, but for
-- a prefix the planner cannot size (a CJK word such as 有限 on the tier of the least popular brokers) it
-- planned a parallel scan, and starting its workers alone took 30–45 ms of a 45 ms suggestion at a
-- million brokers: the whole tail of the Chinese queries (docs/performance.md#broker-search-at-a-million).
alter table search_terms set (parallel_workers = 0);
alter table search_fuzzy set (parallel_workers = 0);
