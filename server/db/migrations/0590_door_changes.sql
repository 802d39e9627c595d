-- The door's incremental list (docs/product.md#door-sync): every e-ticket row carries the id of the last
-- transaction that changed anything the door knows about it (door_xid, xid8: the database's own 64-bit
-- transaction counter, which never wraps). Triggers on every table the list is read from bump it, so a
-- change made by code that does not know about the door (a transfer, an erasure, a staff edit) still
-- reaches the devices. A ticket that leaves the list under its id (re-issued under a new id, deleted)
-- leaves a tombstone in door_removals. A device's token is the oldest transaction still running when
-- its list was read (pg_snapshot_xmin): everything older was visible to that read, so the next read
-- asks for rows whose door_xid is at least that; a transaction that took its id earlier but committed
-- later is still at or above the token. See docs/product.md#door-sync for why not a plain sequence.
alter table e_tickets add column door_xid xid8 not null default pg_current_xact_id();
create index e_tickets_door_changes_idx on e_tickets (exhibition_id, door_xid);

create table door_removals (
  ticket_id uuid primary key,
  exhibition_id int not null references exhibitions (id) on delete cascade,
  door_xid xid8 not null default pg_current_xact_id()
);
create index door_removals_changes_idx on door_removals (exhibition_id, door_xid);

create function door_ticket_touch() returns trigger language plpgsql as $$
begin
  new.door_xid := pg_current_xact_id();
  return new;
end
$$;
create trigger e_tickets_door_touch before update on e_tickets for each row execute function door_ticket_touch();

create function door_ticket_removed() returns trigger language plpgsql as $$
begin
  insert into door_removals (ticket_id, exhibition_id) values (old.id, old.exhibition_id)
    on conflict (ticket_id) do update set door_xid = excluded.door_xid, exhibition_id = excluded.exhibition_id;
  return null;
end
$$;
create trigger e_tickets_door_reissued after update of id on e_tickets for each row when (old.id <> new.id)
  execute function door_ticket_removed();
create trigger e_tickets_door_deleted after delete on e_tickets for each row execute function door_ticket_removed();

-- The order's state and code, the pass's exhibitor.
create function door_order_changed() returns trigger language plpgsql as $$
begin
  update e_tickets set door_xid = pg_current_xact_id() where order_id = new.id;
  return null;
end
$$;
create trigger ticket_orders_door after update on ticket_orders for each row
  when (old.status is distinct from new.status or old.number is distinct from new.number or old.pass_exhibitor_id is distinct from new.pass_exhibitor_id)
  execute function door_order_changed();

-- The holder's name, company and position (a self-change, a staff edit, an erasure, a transfer).
create function door_attendee_changed() returns trigger language plpgsql as $$
begin
  update e_tickets set door_xid = pg_current_xact_id() where attendee_id = new.id;
  return null;
end
$$;
create trigger ticket_attendees_door after update on ticket_attendees for each row
  when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name
        or old.company is distinct from new.company or old.job_title is distinct from new.job_title)
  execute function door_attendee_changed();

-- A refund asked, settled or failed decides "refunded" for the tickets it covers (all of them: ticket_ids null).
create function door_refund_changed() returns trigger language plpgsql as $$
begin
  update e_tickets set door_xid = pg_current_xact_id()
   where order_id = new.order_id and (new.ticket_ids is null or id = any (new.ticket_ids) or (old is not null and id = any (old.ticket_ids)));
  return null;
end
$$;
create trigger refunds_door after insert or update on refunds for each row execute function door_refund_changed();

-- A check-in from any device, its undo, or its removal.
create function door_checkin_changed() returns trigger language plpgsql as $$
declare
  changed uuid := case when tg_op = 'DELETE' then old.ticket_id else new.ticket_id end;
begin
  if tg_op = 'UPDATE' and old.ticket_id is distinct from new.ticket_id then
    update e_tickets set door_xid = pg_current_xact_id() where id = old.ticket_id;
  end if;
  update e_tickets set door_xid = pg_current_xact_id() where id = changed;
  return null;
end
$$;
create trigger checkin_scans_door_in after insert on checkin_scans for each row when (new.outcome = 'checkedIn')
  execute function door_checkin_changed();
create trigger checkin_scans_door_changed after update on checkin_scans for each row
  when (old.undone_at is distinct from new.undone_at or old.ticket_id is distinct from new.ticket_id or old.staff_id is distinct from new.staff_id)
  execute function door_checkin_changed();
create trigger checkin_scans_door_deleted after delete on checkin_scans for each row when (old.outcome = 'checkedIn')
  execute function door_checkin_changed();

-- The type's name and badge role.
create function door_type_changed() returns trigger language plpgsql as $$
begin
  update e_tickets set door_xid = pg_current_xact_id() where ticket_type_id = new.id;
  return null;
end
$$;
create trigger ticket_types_door after update on ticket_types for each row
  when (old.texts is distinct from new.texts or old.badge_role is distinct from new.badge_role or old.exhibitor_pass is distinct from new.exhibitor_pass)
  execute function door_type_changed();

-- The exhibitor a team pass names.
create function door_company_changed() returns trigger language plpgsql as $$
declare
  company bigint := case when tg_op = 'DELETE' then old.company_id else new.company_id end;
begin
  update e_tickets e set door_xid = pg_current_xact_id()
    from ticket_orders o join exhibitors x on x.id = o.pass_exhibitor_id
   where o.id = e.order_id and x.company_id = company;
  return null;
end
$$;
create trigger exhibitor_company_texts_door after insert or update or delete on exhibitor_company_texts for each row
  execute function door_company_changed();

-- The name of the member who let a ticket in, shown with its check-in.
create function door_staff_renamed() returns trigger language plpgsql as $$
begin
  update e_tickets set door_xid = pg_current_xact_id()
   where id in (select c.ticket_id from checkin_scans c where c.staff_id = new.id and c.outcome = 'checkedIn' and c.undone_at is null);
  return null;
end
$$;
create trigger staff_members_door after update on staff_members for each row when (old.name is distinct from new.name)
  execute function door_staff_renamed();
