-- Leads pushed to an exhibitor's CRM (docs/product.md#lead-webhooks): one signed webhook per exhibitor and
-- a log of what was sent. The leads domain writes both.

-- The address is the exhibitor's, not a person's. The signing secret is kept sealed (AES-256-GCM under the
-- platform's webhook key), never shown after the answer that made it.
create table lead_webhooks (
  exhibitor_id bigint primary key references exhibitors (id) on delete cascade,
  url text not null check (char_length(url) <= 500),
  enabled boolean not null,
  secret_box text not null,
  secret_set_at timestamptz not null,
  updated_at timestamptz not null
);

-- One row per event and exhibitor. The body is made when it is sent, from the lead as it is then, so the
-- log holds no contact details and a withdrawal reaches every delivery not yet made.
create table lead_webhook_deliveries (
  id bigint generated always as identity primary key,
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  lead_id bigint not null references leads (id) on delete cascade,
  event_id uuid not null unique,
  event text not null check (event in ('lead.created', 'lead.updated', 'lead.anonymised')),
  occurred_at timestamptz not null,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0 check (attempts >= 0),
  -- Retries run until 24 hours after this (a replay starts it again).
  retry_from timestamptz not null,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_status int,
  last_error text check (char_length(last_error) <= 200),
  response_excerpt text check (char_length(response_excerpt) <= 300)
);
create index lead_webhook_deliveries_due_idx on lead_webhook_deliveries (next_attempt_at) where status = 'pending';
create index lead_webhook_deliveries_log_idx on lead_webhook_deliveries (exhibitor_id, id desc);
create index lead_webhook_deliveries_lead_idx on lead_webhook_deliveries (lead_id);
