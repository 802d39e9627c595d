-- The exhibitor manual (docs/product.md#exhibitor-manual): a PDF of the organiser's attached to a `manual`
-- task of the exhibitors' checklist, one a language (English required before exhibitors see a link; the
-- others fall back as content does). A new upload replaces the language's file and counts up its version.
-- The bytes live in the media storage under a key of their own shape, which the public /media/ route never
-- serves: only the exhibitor area's download route reads them, after checking the member.
-- Who opened it is the task's confirmation (exhibitor_task_confirmations): opening the manual is what
-- makes the task done, so the reader is kept, and erased, as a confirmation's person.
create table exhibitor_manuals (
  task_id bigint not null references exhibitor_tasks (id) on delete cascade,
  locale text not null check (locale in ('en', 'es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi', 'zh-cn', 'zh-hk', 'zh-tw')),
  storage_key text not null unique,
  -- The uploaded file's name, cleaned; the download's name is made from it.
  file_name text not null check (char_length(file_name) between 1 and 200),
  bytes int not null check (bytes > 0),
  version int not null default 1 check (version > 0),
  uploaded_at timestamptz not null,
  primary key (task_id, locale)
);
