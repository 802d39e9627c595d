-- Demo exhibitors (server/platform/exhibitors/demo-exhibitors.ts) join the demo marks of migration
-- 0190: the seeder marks what it wrote, the banner counts them, and `npm run content -- remove-demo`
-- deletes them before the demo exhibitions they stand at (server/content/remove-demo.ts).
alter table exhibitor_companies add column demo boolean not null default false;
alter table exhibitors add column demo boolean not null default false;

-- As in 0190, for a database whose exhibitors were seeded before this migration.
update exhibitor_companies set demo = true where created_at = (select seeded_at from seed_runs where domain = 'exhibitors');
update exhibitors set demo = true where created_at = (select seeded_at from seed_runs where domain = 'exhibitors');
