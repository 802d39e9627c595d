-- A coupon code is unique within its exhibition, not across the site (docs/product.md#coupons): a
-- manager limited to some exhibitions must not learn, from a refused code, which codes other
-- exhibitions have. Site-wide codes (no exhibition) share one space of their own; at checkout an
-- exhibition's own code comes before a site-wide one of the same name.
alter table coupons drop constraint if exists coupons_code_key;
create unique index coupons_code_per_exhibition on coupons (coalesce(exhibition_id, 0), code);
