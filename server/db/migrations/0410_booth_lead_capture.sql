-- Lead capture in the booth package (docs/product.md#lead-capture-rule): whether the booth's package lets
-- its exhibitor scan visitors, set by the organiser beside its price and passes. True by default, so the
-- booths sold before the property existed keep capturing; an organiser who sells capture as an extra
-- switches it off on the packages without it.
alter table booths add column lead_capture boolean not null default true;
