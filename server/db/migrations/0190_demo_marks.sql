-- Rows the demo seeder wrote (server/platform/seed.ts, server/content/demo-marks.ts): the
-- verification check answers them as demo, every page says so while any is left, and
-- `npm run content -- remove-demo` deletes them (docs/decisions/0013-demo-content-and-going-live.md).
alter table exhibitions add column demo boolean not null default false;
alter table adverts add column demo boolean not null default false;
alter table news_articles add column demo boolean not null default false;
alter table videos add column demo boolean not null default false;
alter table bulletins add column demo boolean not null default false;
alter table verification_channels add column demo boolean not null default false;
alter table verification_documents add column demo boolean not null default false;
alter table search_brokers add column demo boolean not null default false;
alter table ticket_types add column demo boolean not null default false;
alter table coupons add column demo boolean not null default false;

-- Databases seeded before this migration: a seed's rows were created in the transaction that
-- recorded it, so their created_at is exactly the seed_runs time of their domain (now() is the
-- transaction's start). A row written later by an organiser cannot share that microsecond.
update exhibitions set demo = true where created_at = (select seeded_at from seed_runs where domain = 'exhibitions');
update adverts set demo = true where created_at = (select seeded_at from seed_runs where domain = 'exhibitions');
update news_articles set demo = true where created_at = (select seeded_at from seed_runs where domain = 'editorial');
update videos set demo = true where created_at = (select seeded_at from seed_runs where domain = 'editorial');
update bulletins set demo = true where created_at = (select seeded_at from seed_runs where domain = 'editorial');
update verification_channels set demo = true where created_at = (select seeded_at from seed_runs where domain = 'verification');
update verification_documents set demo = true where created_at = (select seeded_at from seed_runs where domain = 'verification');
update search_brokers set demo = true where created_at = (select seeded_at from seed_runs where domain = 'search');
update ticket_types set demo = true where created_at = (select seeded_at from seed_runs where domain = 'tickets');
update coupons set demo = true where created_at = (select seeded_at from seed_runs where domain = 'tickets');
