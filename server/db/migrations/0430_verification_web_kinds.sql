-- More kinds of channel in the verification register (docs/product.md#verification-web): the
-- organiser's and exhibitors' web domains (the registrable domain, ASCII), apps in the stores
-- ("ios:<id>", "android:<package>"), IBANs, and Instagram, Facebook, YouTube and TikTok accounts.
-- Telegram and WhatsApp keys may now also be a private group's invite code ("+code", "invite:code").
alter table verification_channels drop constraint verification_channels_kind_check;
alter table verification_channels add constraint verification_channels_kind_check check (kind in (
  'phone', 'email', 'usdtTrc20', 'usdtErc20', 'telegram', 'whatsapp', 'wechat', 'line', 'x',
  'instagram', 'facebook', 'youtube', 'tiktok', 'domain', 'app', 'iban'));

alter table verification_channel_submissions drop constraint verification_channel_submissions_kind_check;
alter table verification_channel_submissions add constraint verification_channel_submissions_kind_check check (kind in (
  'phone', 'email', 'usdtTrc20', 'usdtErc20', 'telegram', 'whatsapp', 'wechat', 'line', 'x',
  'instagram', 'facebook', 'youtube', 'tiktok', 'domain', 'app', 'iban'));

alter table verification_lookups drop constraint verification_lookups_query_type_check;
alter table verification_lookups add constraint verification_lookups_query_type_check check (query_type in (
  'phone', 'email', 'usdtTrc20', 'usdtErc20', 'chat', 'domain', 'app', 'iban'));
