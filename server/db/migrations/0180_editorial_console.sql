-- The console's content editor (docs/product.md#console-content): drafts, scheduled publishing and unpublishing of news,
-- videos and bulletins. A row's state follows from `published`, `published_at` and `unpublished_at`:
--   draft        not published, never taken down (written in the console, not shown yet)
--   unpublished  not published, taken down at `unpublished_at` after it had been shown
--   scheduled    published, `published_at` still ahead
--   published    published, `published_at` passed
-- Content folders keep carrying `published` and `publishedAt` alone, so they round-trip as before.

alter table news_articles add column unpublished_at timestamptz;
alter table videos add column unpublished_at timestamptz;
alter table bulletins add column unpublished_at timestamptz;

-- Each console change counts one up; with updated_at (which an import moves) it is the version an
-- editor's change names, so of two editors saving what they both opened, the second is refused.
alter table news_articles add column revision int not null default 0;
alter table videos add column revision int not null default 0;
alter table bulletins add column revision int not null default 0;

-- The console lists every item newest change first, whatever its state.
create index news_articles_console_idx on news_articles (updated_at desc, id desc);
create index videos_console_idx on videos (updated_at desc, id desc);
create index bulletins_console_idx on bulletins (updated_at desc, id desc);

-- How far the scheduled-publishing job has looked: items whose time falls after this instant and
-- has now come make it refresh the page cache and the sitemap. One row; the instance that locks it
-- does the work (the others skip it), and its content-changed signal reaches every instance.
create table editorial_schedule (
  id int primary key default 1 check (id = 1),
  checked_until timestamptz not null
);
insert into editorial_schedule (id, checked_until) values (1, now());
