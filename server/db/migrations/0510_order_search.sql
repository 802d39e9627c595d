-- The console's order search at a brand's size (docs/product.md#order-search). Each way a person finds an
-- order has an index that answers it without reading every ticket:
-- - a part of a name (first last, last first, or written together as CJK names are) or of an address's
--   local part, three characters or more: trigrams (pg_trgm). Address domains stay out: "gmail.com" in
--   every other row would make every search read them all;
-- - one or two characters (a CJK given or family name): the start of the given name, or of the family
--   name written before the given name;
-- - an address: its start; a phone number: its end, as the digits people type ("900123", "07700 900123").
-- pg_trgm is a trusted extension: the database's owner may create it without being a superuser.
create extension if not exists pg_trgm;

create function order_search_name(first_name text, last_name text, email text) returns text
  language sql immutable parallel safe
  return lower(first_name || ' ' || last_name || ' / ' || last_name || ' ' || first_name || ' / ' || last_name || first_name || ' / ' || split_part(email, '@', 1));

create index ticket_attendees_search_trgm on ticket_attendees using gin (order_search_name(first_name, last_name, email) gin_trgm_ops);
create index ticket_attendees_first_name_prefix on ticket_attendees (lower(first_name) text_pattern_ops);
create index ticket_attendees_family_first_prefix on ticket_attendees (lower(last_name || first_name) text_pattern_ops);
create index ticket_attendees_email_prefix on ticket_attendees (lower(email) text_pattern_ops);
create index ticket_attendees_phone_end on ticket_attendees (reverse(phone_e164) text_pattern_ops);
create index ticket_orders_buyer_email_prefix on ticket_orders (lower(buyer_email) text_pattern_ops);
create index ticket_orders_buyer_local_trgm on ticket_orders using gin (lower(split_part(buyer_email, '@', 1)) gin_trgm_ops);
