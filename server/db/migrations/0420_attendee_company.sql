-- An attendee's company and position, their job title (docs/product.md#attendee-form): optional, '' when not given, kept as
-- typed (trimmed). The badge prints them (docs/product.md#badges); exhibitors who scan the badge receive
-- them only when the attendee shares them (docs/product.md#leads), so the consent grows by both fields.
alter table ticket_attendees
  add column company text not null default '' check (char_length(company) <= 120),
  add column job_title text not null default '' check (char_length(job_title) <= 80);

alter table ticket_attendees drop constraint ticket_attendees_shares_check;
alter table ticket_attendees add constraint ticket_attendees_shares_check
  check (shares <@ array['name', 'company', 'position', 'email', 'phone']::text[]);
