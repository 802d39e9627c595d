-- Decisions on applications in the organiser's console (docs/product.md#console-applications): the note the applicant reads (mail and My account)
-- next to the status, and every decision kept in order, with who made it and the note only staff read.

alter table applications
  add column applicant_note text check (length(applicant_note) <= 2000),
  add column decided_at timestamptz;

create table application_decisions (
  id bigint generated always as identity primary key,
  application_id bigint not null references applications (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  applicant_note text check (length(applicant_note) <= 2000),
  internal_note text check (length(internal_note) <= 2000),
  -- Null when it was decided on the command line (npm run applications).
  staff_id uuid references staff_members (id) on delete set null,
  created_at timestamptz not null default now()
);

create index application_decisions_application_idx on application_decisions (application_id, id);
