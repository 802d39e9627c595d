-- Uploaded media (docs/product.md#console-media): pictures and video files uploaded in the console. The
-- files themselves are in the media storage (DATA_DIR/media or S3) under the item's content hash; a row
-- says what was made of them, the default alt text per language and who uploaded what when.
create table media_items (
  -- The first 32 hex digits of the SHA-256 of the uploaded file: the same file twice is one item.
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  kind text not null check (kind in ('image', 'video')),
  -- The address pages use: the raster copy at its largest width (a picture), the file (a video).
  src text not null unique,
  width int not null default 0 check (width >= 0),
  height int not null default 0 check (height >= 0),
  -- Every storage key of the item (the copies), so a deletion removes exactly what was stored.
  storage_keys text[] not null,
  -- The file name as uploaded, cleaned; shown to editors and searched.
  name text not null,
  bytes bigint not null check (bytes > 0),
  -- {"en": "...", "zh-cn": "..."}: one default alt text per site language.
  alt jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  created_by uuid references staff_members (id) on delete set null
);
create index media_items_created_idx on media_items (created_at desc, id);
