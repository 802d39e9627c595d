-- Broker search popularity tiers by rank instead of by share (docs/decisions/0005-broker-search-index.md):
-- the 1,000 most popular brokers, the next 9,000, the next 90,000, and a fourth tier for the rest,
-- so that the top tier a broad prefix reads stays the same size in a directory of a million.
alter table search_brokers drop constraint search_brokers_tier_check;
alter table search_brokers add constraint search_brokers_tier_check check (tier between 0 and 3);

-- The same rule as refreshTiers (server/platform/search/search-index.repo.ts), for the directory already there.
with ranked as (
  select id, case when rank <= 1000 then 0 when rank <= 10000 then 1 when rank <= 100000 then 2 else 3 end as tier
    from (select id, rank() over (order by popularity desc) as rank from search_brokers where published) as ranks)
update search_brokers b set tier = ranked.tier from ranked where ranked.id = b.id and b.tier <> ranked.tier;
update search_terms t set tier = b.tier from search_brokers b where b.id = t.broker_id and t.tier <> b.tier;
