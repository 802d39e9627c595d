-- Evidence on a scam report (docs/product.md#scam-reports): screenshots re-encoded without metadata, or
-- PDFs, kept privately in the media storage under keys no public route serves. The scam-reports domain
-- writes every row here.
create table scam_report_evidence (
  id bigint generated always as identity primary key,
  -- Null while the file waits for its report (uploaded, the form not yet accepted).
  report_id bigint references scam_reports (id) on delete cascade,
  -- What the reporter's page holds for a file not yet on a report: random, unguessable; null once attached.
  token text unique check (token is null or token ~ '^[A-Za-z0-9_-]{22}$'),
  storage_key text not null unique check (storage_key ~ '^evidence/[0-9a-f]{32}\.(jpg|png|pdf)$'),
  kind text not null check (kind in ('image', 'pdf')),
  -- The file's name as the reporter's device gave it (cleaned), for the verifier.
  name text not null check (char_length(name) <= 200),
  bytes integer not null check (bytes > 0),
  created_at timestamptz not null,
  check ((report_id is null) <> (token is null))
);
create index scam_report_evidence_report_idx on scam_report_evidence (report_id) where report_id is not null;
create index scam_report_evidence_waiting_idx on scam_report_evidence (created_at) where report_id is null;
