-- Exhibitors' official channels in the one verification register (docs/product.md#exhibitor-channels):
-- a channel is the brand's own (no company) or an exhibiting company's, which the organiser's verifier
-- checked, valid until a date. A value belongs to one owner: the (kind, lookup_key) key stays unique.

alter table verification_channels
  add column exhibitor_company_id bigint references exhibitor_companies (id) on delete cascade,
  add column valid_until date,
  add constraint verification_channels_validity check (valid_until is null or valid_until >= official_since),
  -- An exhibitor's channel is vouched for a period; the brand's own has none.
  add constraint verification_channels_exhibitor_validity check ((exhibitor_company_id is null) = (valid_until is null));

create index verification_channels_company_idx on verification_channels (exhibitor_company_id) where exhibitor_company_id is not null;
