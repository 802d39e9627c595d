-- The exhibitor's own questions for qualifying leads (docs/product.md#lead-questions): defined once per
-- exhibitor by its admins, in the team's own words (one language: it is their tool, not the site's).
create table lead_questions (
  id bigint generated always as identity primary key,
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  kind text not null check (kind in ('text', 'choice', 'yesno')),
  label text not null check (char_length(label) between 1 and 120),
  options text[] not null default '{}' check (cardinality(options) <= 10),
  position int not null check (position >= 1),
  updated_at timestamptz not null
);
create index lead_questions_exhibitor_idx on lead_questions (exhibitor_id, position);

-- One answer per lead and question. A removed question takes its answers with it, so no view ever
-- meets an answer without its question; a choice is kept as the option's text ('yes'/'no' for yes/no).
create table lead_answers (
  lead_id bigint not null references leads (id) on delete cascade,
  question_id bigint not null references lead_questions (id) on delete cascade,
  value text not null check (char_length(value) between 1 and 500),
  updated_at timestamptz not null,
  primary key (lead_id, question_id)
);
-- The team's filter by an answer ("every lead that said yes") reads by question and value.
create index lead_answers_question_idx on lead_answers (question_id, value);
