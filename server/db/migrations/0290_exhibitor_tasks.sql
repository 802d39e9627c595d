-- Exhibitors' tasks and deadlines (docs/product.md#exhibitor-tasks): the organiser's checklist per
-- exhibition, each task due by a day at the venue. Some are done by the facts (`profile`: the profile
-- has no gaps; `logo`: a logo is there), a `custom` one when an admin of the exhibitor confirms it.
-- Pass names and priced forms (power, furniture) become kinds of their own when passes and orders exist.

create table exhibitor_tasks (
  id bigint generated always as identity primary key,
  exhibition_id int not null references exhibitions (id) on delete cascade,
  kind text not null check (kind in ('profile', 'logo', 'custom')),
  -- The last day at the venue it is to be done on; after it, an open task is overdue and no reminder goes.
  due_on date not null,
  -- Its place on the checklist (the console's up and down).
  sort int not null default 0 check (sort >= 0),
  -- Optimistic concurrency: a save names the version it edited; an older one answers 409.
  version int not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index exhibitor_tasks_exhibition_idx on exhibitor_tasks (exhibition_id, sort, id);

-- The title and instructions in each language written; English is required (every fallback ends there).
create table exhibitor_task_texts (
  task_id bigint not null references exhibitor_tasks (id) on delete cascade,
  locale text not null check (locale in ('en', 'es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi', 'zh-cn', 'zh-hk', 'zh-tw')),
  title text not null check (char_length(title) between 1 and 120),
  instructions text not null default '' check (char_length(instructions) <= 2000),
  primary key (task_id, locale)
);

-- An admin of the exhibitor confirmed a task: who and when. The person goes when their account does
-- (set null); the fact that the task was done stays.
create table exhibitor_task_confirmations (
  task_id bigint not null references exhibitor_tasks (id) on delete cascade,
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  confirmed_by uuid references accounts (id) on delete set null,
  confirmed_at timestamptz not null,
  primary key (task_id, exhibitor_id)
);

-- Each reminder is mailed once: the instance whose insert makes the row sends it, any other finds it there.
create table exhibitor_task_reminders (
  task_id bigint not null references exhibitor_tasks (id) on delete cascade,
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  kind text not null check (kind in ('week', 'day')),
  sent_at timestamptz not null,
  primary key (task_id, exhibitor_id, kind)
);
