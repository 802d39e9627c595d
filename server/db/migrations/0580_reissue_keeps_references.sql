-- A re-issued e-ticket takes a new id (its old code must fail at the door at once), and what was recorded
-- about the person holding it follows the ticket to that id: an exhibitor's lead scanned before a name was
-- corrected, a survey invitation or answer. Without it the re-issue failed on the reference (docs/product.md#attendee-self-change).
alter table leads drop constraint leads_ticket_id_fkey,
  add constraint leads_ticket_id_fkey foreign key (ticket_id) references e_tickets (id) on delete cascade on update cascade;
alter table survey_invitations drop constraint survey_invitations_ticket_id_fkey,
  add constraint survey_invitations_ticket_id_fkey foreign key (ticket_id) references e_tickets (id) on delete cascade on update cascade;
alter table survey_answers drop constraint survey_answers_ticket_id_fkey,
  add constraint survey_answers_ticket_id_fkey foreign key (ticket_id) references e_tickets (id) on delete cascade on update cascade;
