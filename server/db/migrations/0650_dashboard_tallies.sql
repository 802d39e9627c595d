-- The exhibition dashboard's figures kept as tallies (docs/product.md#console-dashboard,
-- docs/performance.md#a-million-orders): counting every e-ticket, payment and refund of a 100,000-order
-- exhibition on each visit took 1.8 s. Like the door's list (0590_door_changes.sql), the tallies are
-- kept by triggers, so every change to an order reaches them whatever code makes it (paying, a refund
-- in full or in part, cancelling, a re-issue, a transfer, an erasure, a fix by hand), in the change's
-- own transaction; nothing else writes these tables.
--
-- The triggers are deferred to the commit: by then the transaction has made all its changes, so an
-- order's first tally sees its final state (the later ones of the same order find nothing to move), and
-- the rows every sale of an exhibition shares are locked only for the commit's last moment instead of
-- for the whole purchase.
--
-- An order's share of the figures depends on several of its rows at once (a paid order counts while
-- one of its tickets is valid; an order refunded twice counts once as refunded), so it is worked out
-- from the order's rows each time and kept in dashboard_order_parts; the exhibition's tallies move by
-- the difference between the new share and the kept one.

-- Valid e-tickets of paid orders by ticket type, the venue's day the order was paid, and whether the
-- order is an exhibitor's pass (the dashboard's days leave passes out, its ticket types do not).
create table dashboard_ticket_tallies (
  exhibition_id int not null references exhibitions (id) on delete cascade,
  ticket_type_id int not null references ticket_types (id) on delete cascade,
  day date not null,
  pass boolean not null,
  tickets int not null,
  primary key (exhibition_id, ticket_type_id, day, pass)
);
create index dashboard_ticket_tallies_type_idx on dashboard_ticket_tallies (ticket_type_id);

-- Money per exhibition and currency: what succeeded payments took, what refunds gave back or are
-- giving back, the paid orders holding a valid ticket, the orders with a succeeded refund; and how
-- many payments and refunds (any state) there are, which decide whether the currency is shown at all.
create table dashboard_money_tallies (
  exhibition_id int not null references exhibitions (id) on delete cascade,
  currency text not null,
  received_minor bigint not null,
  refunded_minor bigint not null,
  refunding_minor bigint not null,
  paid_orders int not null,
  refunded_orders int not null,
  payments int not null,
  refunds int not null,
  primary key (exhibition_id, currency)
);

-- Live check-ins per hour of the venue's clock and gate.
create table dashboard_checkin_tallies (
  exhibition_id int not null references exhibitions (id) on delete cascade,
  hour timestamp not null,
  gate text not null,
  checkins int not null,
  primary key (exhibition_id, hour, gate)
);

-- Each order's last tallied share. No foreign key: when an order is deleted its share must still be
-- taken back, after the row is gone.
create table dashboard_order_parts (
  order_id uuid primary key,
  tickets jsonb not null default '[]',
  money jsonb not null default '[]'
);

-- An order's share now, from its own rows (the same rules as the dashboard's fresh counts).
create function dashboard_order_tickets(target uuid) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('x', x, 't', t, 'd', d, 'p', p, 'n', n) order by x, t, d, p), '[]')
    from (select e.exhibition_id as x, e.ticket_type_id as t, (o.paid_at at time zone v.time_zone)::date as d,
                 o.pass_exhibitor_id is not null as p, count(*)::int as n
            from e_tickets e join ticket_orders o on o.id = e.order_id join exhibitions v on v.id = o.exhibition_id
           where e.order_id = target and e.voided_at is null and o.status = 'paid'
           group by 1, 2, 3, 4) s
$$;

create function dashboard_order_money(target uuid) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('x', x, 'c', c, 'in', i, 'out', r, 'owed', g, 'po', po, 'ro', ro, 'np', np, 'nr', nr) order by x, c), '[]')
    from (
      select x, c, sum(i) as i, sum(r) as r, sum(g) as g, max(po) as po, max(ro) as ro, sum(np) as np, sum(nr) as nr
        from (
          select o.exhibition_id as x, coalesce(a.received_currency, a.currency) as c, coalesce(a.received_minor, a.amount_minor)::bigint as i,
                 0::bigint as r, 0::bigint as g, 0 as po, 0 as ro, 1 as np, 0 as nr
            from payment_attempts a join ticket_orders o on o.id = a.order_id where a.order_id = target and a.status = 'succeeded'
          union all
          select o.exhibition_id, f.currency, 0, case when f.status = 'succeeded' then f.amount_minor else 0 end,
                 case when f.status = 'requested' then f.amount_minor else 0 end, 0, (f.status = 'succeeded')::int, 0, 1
            from refunds f join ticket_orders o on o.id = f.order_id where f.order_id = target
          union all
          select o.exhibition_id, o.currency, 0, 0, 0, 1, 0, 0, 0
            from ticket_orders o
           where o.id = target and o.status = 'paid' and o.pass_exhibitor_id is null
             and exists (select 1 from e_tickets e where e.order_id = o.id and e.voided_at is null)
        ) parts
       group by x, c
    ) s
$$;

-- Moves the exhibitions' tallies by what an order's share became since it was last tallied.
create function dashboard_tally_order(target uuid) returns void language plpgsql as $$
declare
  kept dashboard_order_parts;
  tickets_now jsonb;
  money_now jsonb;
begin
  -- Lock the order's share first; the statements after it take a fresh snapshot (read committed), so
  -- a transaction that tallied this order meanwhile is seen in both the kept share and the order's rows.
  -- A share deleted meanwhile (its order tallied empty) is made again.
  loop
    insert into dashboard_order_parts (order_id) values (target) on conflict (order_id) do nothing;
    select * into kept from dashboard_order_parts where order_id = target for update;
    exit when found;
  end loop;
  tickets_now := dashboard_order_tickets(target);
  money_now := dashboard_order_money(target);
  if tickets_now = kept.tickets and money_now = kept.money then
    if tickets_now = '[]' and money_now = '[]' then delete from dashboard_order_parts where order_id = target; end if;
    return;
  end if;

  insert into dashboard_ticket_tallies as d (exhibition_id, ticket_type_id, day, pass, tickets)
  select x, t, d, p, sum(n)::int from (
      select x, t, d, p, n from jsonb_to_recordset(tickets_now) as r(x int, t int, d date, p boolean, n int)
      union all
      select x, t, d, p, -n from jsonb_to_recordset(kept.tickets) as r(x int, t int, d date, p boolean, n int)
    ) s
   group by x, t, d, p having sum(n) <> 0 order by x, t, d, p
  on conflict (exhibition_id, ticket_type_id, day, pass) do update set tickets = d.tickets + excluded.tickets;

  insert into dashboard_money_tallies as m (exhibition_id, currency, received_minor, refunded_minor, refunding_minor, paid_orders, refunded_orders, payments, refunds)
  select x, c, sum(i), sum(r), sum(g), sum(po), sum(ro), sum(np), sum(nr) from (
      select x, c, "in" as i, "out" as r, owed as g, po, ro, np, nr
        from jsonb_to_recordset(money_now) as q(x int, c text, "in" bigint, "out" bigint, owed bigint, po int, ro int, np int, nr int)
      union all
      select x, c, -"in", -"out", -owed, -po, -ro, -np, -nr
        from jsonb_to_recordset(kept.money) as q(x int, c text, "in" bigint, "out" bigint, owed bigint, po int, ro int, np int, nr int)
    ) s
   group by x, c
  having sum(i) <> 0 or sum(r) <> 0 or sum(g) <> 0 or sum(po) <> 0 or sum(ro) <> 0 or sum(np) <> 0 or sum(nr) <> 0
   order by x, c
  on conflict (exhibition_id, currency) do update set
    received_minor = m.received_minor + excluded.received_minor, refunded_minor = m.refunded_minor + excluded.refunded_minor,
    refunding_minor = m.refunding_minor + excluded.refunding_minor, paid_orders = m.paid_orders + excluded.paid_orders,
    refunded_orders = m.refunded_orders + excluded.refunded_orders, payments = m.payments + excluded.payments, refunds = m.refunds + excluded.refunds;

  if tickets_now = '[]' and money_now = '[]' then
    delete from dashboard_order_parts where order_id = target;
  else
    update dashboard_order_parts set tickets = tickets_now, money = money_now where order_id = target;
  end if;
end
$$;

create function dashboard_order_changed() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'ticket_orders' then
    perform dashboard_tally_order(case when tg_op = 'DELETE' then old.id else new.id end);
  else
    if tg_op <> 'INSERT' then perform dashboard_tally_order(old.order_id); end if;
    if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.order_id <> old.order_id) then perform dashboard_tally_order(new.order_id); end if;
  end if;
  return null;
end
$$;

-- Only changes of what the figures read fire (the door's own touches of e_tickets do not). A new order
-- has no share until it has tickets or payments, whose own triggers tally it.
create constraint trigger ticket_orders_dashboard after update on ticket_orders deferrable initially deferred for each row
  when (old.status is distinct from new.status or old.paid_at is distinct from new.paid_at or old.currency is distinct from new.currency
        or old.exhibition_id is distinct from new.exhibition_id or old.pass_exhibitor_id is distinct from new.pass_exhibitor_id)
  execute function dashboard_order_changed();
create constraint trigger ticket_orders_dashboard_gone after delete on ticket_orders deferrable initially deferred for each row
  execute function dashboard_order_changed();
create constraint trigger e_tickets_dashboard after insert or delete on e_tickets deferrable initially deferred for each row
  execute function dashboard_order_changed();
create constraint trigger e_tickets_dashboard_changed after update on e_tickets deferrable initially deferred for each row
  when (old.voided_at is distinct from new.voided_at or old.order_id is distinct from new.order_id
        or old.ticket_type_id is distinct from new.ticket_type_id or old.exhibition_id is distinct from new.exhibition_id)
  execute function dashboard_order_changed();
create constraint trigger payment_attempts_dashboard after insert or delete on payment_attempts deferrable initially deferred for each row
  execute function dashboard_order_changed();
create constraint trigger payment_attempts_dashboard_changed after update on payment_attempts deferrable initially deferred for each row
  when (old.status is distinct from new.status or old.order_id is distinct from new.order_id or old.amount_minor is distinct from new.amount_minor
        or old.currency is distinct from new.currency or old.received_minor is distinct from new.received_minor
        or old.received_currency is distinct from new.received_currency)
  execute function dashboard_order_changed();
create constraint trigger refunds_dashboard after insert or delete on refunds deferrable initially deferred for each row
  execute function dashboard_order_changed();
create constraint trigger refunds_dashboard_changed after update on refunds deferrable initially deferred for each row
  when (old.status is distinct from new.status or old.order_id is distinct from new.order_id or old.amount_minor is distinct from new.amount_minor
        or old.currency is distinct from new.currency)
  execute function dashboard_order_changed();

-- A check-in's share depends on its own row alone.
create function dashboard_checkin_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.outcome = 'checkedIn' and old.undone_at is null then
    update dashboard_checkin_tallies set checkins = checkins - 1
     where exhibition_id = old.exhibition_id and gate = old.gate
       and hour = date_trunc('hour', old.scanned_at at time zone (select time_zone from exhibitions where id = old.exhibition_id));
  end if;
  if tg_op <> 'DELETE' and new.outcome = 'checkedIn' and new.undone_at is null then
    insert into dashboard_checkin_tallies as d (exhibition_id, hour, gate, checkins)
    values (new.exhibition_id, date_trunc('hour', new.scanned_at at time zone (select time_zone from exhibitions where id = new.exhibition_id)), new.gate, 1)
    on conflict (exhibition_id, hour, gate) do update set checkins = d.checkins + 1;
  end if;
  return null;
end
$$;
create trigger checkin_scans_dashboard after insert or update or delete on checkin_scans for each row execute function dashboard_checkin_changed();

-- Counts exhibitions' tallies afresh: here for the data already there, and when an exhibition's time
-- zone changes (its days and hours move).
create function dashboard_recount(ids int[]) returns void language plpgsql as $$
begin
  delete from dashboard_ticket_tallies where exhibition_id = any (ids);
  delete from dashboard_money_tallies where exhibition_id = any (ids);
  delete from dashboard_checkin_tallies where exhibition_id = any (ids);
  delete from dashboard_order_parts where order_id in (select id from ticket_orders where exhibition_id = any (ids));
  insert into dashboard_order_parts (order_id, tickets, money)
  select id, tickets, money
    from (select o.id, dashboard_order_tickets(o.id) as tickets, dashboard_order_money(o.id) as money
            from ticket_orders o
           where o.exhibition_id = any (ids)
             and (o.status = 'paid' or exists (select 1 from payment_attempts a where a.order_id = o.id and a.status = 'succeeded')
                  or exists (select 1 from refunds f where f.order_id = o.id))) s
   where tickets <> '[]' or money <> '[]';
  insert into dashboard_ticket_tallies (exhibition_id, ticket_type_id, day, pass, tickets)
  select r.x, r.t, r.d, r.p, sum(r.n)
    from dashboard_order_parts s join ticket_orders o on o.id = s.order_id
   cross join jsonb_to_recordset(s.tickets) as r(x int, t int, d date, p boolean, n int)
   where o.exhibition_id = any (ids)
   group by 1, 2, 3, 4;
  insert into dashboard_money_tallies (exhibition_id, currency, received_minor, refunded_minor, refunding_minor, paid_orders, refunded_orders, payments, refunds)
  select q.x, q.c, sum(q."in"), sum(q."out"), sum(q.owed), sum(q.po), sum(q.ro), sum(q.np), sum(q.nr)
    from dashboard_order_parts s join ticket_orders o on o.id = s.order_id
   cross join jsonb_to_recordset(s.money) as q(x int, c text, "in" bigint, "out" bigint, owed bigint, po int, ro int, np int, nr int)
   where o.exhibition_id = any (ids)
   group by 1, 2;
  insert into dashboard_checkin_tallies (exhibition_id, hour, gate, checkins)
  select c.exhibition_id, date_trunc('hour', c.scanned_at at time zone e.time_zone), c.gate, count(*)
    from checkin_scans c join exhibitions e on e.id = c.exhibition_id
   where c.exhibition_id = any (ids) and c.outcome = 'checkedIn' and c.undone_at is null
   group by 1, 2, 3;
end
$$;

create function dashboard_time_zone_changed() returns trigger language plpgsql as $$
begin
  perform dashboard_recount(array[new.id]);
  return null;
end
$$;
create trigger exhibitions_dashboard after update of time_zone on exhibitions for each row
  when (old.time_zone is distinct from new.time_zone) execute function dashboard_time_zone_changed();

select dashboard_recount(array(select id from exhibitions));
