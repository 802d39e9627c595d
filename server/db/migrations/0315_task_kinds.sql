-- The checklist's further kinds (docs/product.md#exhibitor-tasks), made room for at once so that each is
-- added by its own migration without redrawing this check: `passes` is done when the exhibitor's passes
-- are all named, `manual` when an admin has opened the exhibitor manual (a PDF), `form` when an admin has
-- sent a priced form of the organiser's (power, furniture) and paid what it costs.
alter table exhibitor_tasks drop constraint exhibitor_tasks_kind_check;
alter table exhibitor_tasks add constraint exhibitor_tasks_kind_check
  check (kind in ('profile', 'logo', 'custom', 'passes', 'manual', 'form'));
