-- File answers to the organiser's questions (docs/product.md#ticket-question-files): a PDF, or a picture
-- re-encoded without metadata, kept privately in the media storage under keys no public route serves.
-- The tickets domain writes every row here.
alter table ticket_questions drop constraint ticket_questions_kind_check;
alter table ticket_questions add constraint ticket_questions_kind_check
  check (kind in ('text', 'longText', 'number', 'choiceOne', 'choiceMany', 'yesNo', 'country', 'date', 'file'));

create table ticket_answer_files (
  id bigint generated always as identity primary key,
  -- What the answer holds (ticket_answers.value), random and unguessable.
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{22}$'),
  -- Who uploaded it: only they may give it as an answer. Null once their account is gone.
  account_id uuid references accounts (id) on delete set null,
  -- The ticket whose answer names it; null while it waits (uploaded, the form not yet saved) or
  -- after an answer stopped naming it: such files are deleted by the sweep.
  attendee_id uuid references ticket_attendees (id) on delete set null,
  storage_key text not null unique check (storage_key ~ '^answers/[0-9a-f]{32}\.(jpg|png|pdf)$'),
  kind text not null check (kind in ('image', 'pdf')),
  -- The file's name as the attendee's device gave it (cleaned), for the console and the export.
  name text not null check (char_length(name) <= 200),
  bytes integer not null check (bytes > 0),
  created_at timestamptz not null,
  -- When it stopped being an answer (or never became one: its upload time); the sweep counts from here.
  loose_since timestamptz
);
create index ticket_answer_files_attendee_idx on ticket_answer_files (attendee_id) where attendee_id is not null;
create index ticket_answer_files_loose_idx on ticket_answer_files (loose_since) where attendee_id is null;
