-- The kind a public alert of a reported channel has (docs/product.md#scam-alerts): reports group an
-- account name whatever service it was seen on, so the service each report saw it on is kept beside it;
-- null for a bare "@name" that says none.
alter table scam_report_channels add column alert_kind text;
