/**
 * Where a person's data can sit, and what erasure does there (docs/decisions/0014-erasure-map.md).
 * Every text, JSON, array and binary column of every table is named here, either under a table that
 * can hold a visitor (with what `deleteVisitor` does to the column) or under one that cannot (with
 * why). test/integration/console-erasure.test.ts reads every such column from information_schema
 * and fails on one missing here: whoever adds a column decides whether it can keep a person.
 */

/** Tables that can hold a visitor, column by column: what erasure does there. */
const PEOPLE: Record<string, Record<string, string>> = {
  accounts: {
    email: 'deleted with the account',
    nick: 'deleted with the account',
    avatar_url: 'deleted with the account',
    blocked_reason: 'deleted with the account',
    locale: 'deleted with the account',
    password_hash: 'deleted with the account',
  },
  sessions: {
    ip: 'deleted with the account (cascade)',
    user_agent: 'deleted with the account (cascade)',
    kind: 'deleted with the account (cascade)',
    secret_hash: 'deleted with the account (cascade)',
    ticket_hash: 'deleted with the account (cascade)',
  },
  account_codes: { code_hash: 'deleted with the account (cascade)', purpose: 'deleted with the account (cascade)' },
  oauth_codes: {
    client_id: 'deleted with the account (cascade)',
    code_hash: 'deleted with the account (cascade)',
    scope: 'deleted with the account (cascade)',
  },
  account_follows: { target_id: 'deleted with the account (cascade)', target_kind: 'deleted with the account (cascade)' },
  comment_blocks: { reason: 'deleted with the account (cascade)' },
  exhibition_comments: {
    body: 'their comments deleted; a comment of someone else that names them cannot be told from a namesake and stays',
    hidden_reason: 'deleted with their comments',
  },
  applications: {
    email: 'deleted: sent while signed in, or from one of their addresses',
    surname: 'deleted with the application',
    given_name: 'deleted with the application',
    contact_person: 'deleted with the application',
    phone_e164: 'deleted with the application',
    phone_country: 'deleted with the application',
    company_name: 'deleted with the application',
    website: 'deleted with the application',
    position: 'deleted with the application',
    applicant_note: 'deleted with the application',
    ip: 'deleted with the application',
    booth_size: 'deleted with the application',
    content_hash: 'deleted with the application',
    exhibiting_method: 'deleted with the application',
    identity: 'deleted with the application',
    industry: 'deleted with the application',
    kind: 'deleted with the application',
    locale: 'deleted with the application',
    reference: 'deleted with the application',
    status: 'deleted with the application',
  },
  application_decisions: {
    applicant_note: 'deleted with the application (cascade)',
    internal_note: 'deleted with the application (cascade)',
    from_status: 'deleted with the application (cascade)',
    to_status: 'deleted with the application (cascade)',
  },
  ticket_orders: {
    buyer_email: 'their orders where money moved: the erased marker; the rest deleted',
    cancel_reason: 'kept with a kept order (a reason code, nobody in it)',
    coupon_code: 'kept with a kept order',
    coupon_state: 'kept with a kept order',
    currency: 'kept with a kept order',
    locale: 'kept with a kept order',
    number: 'kept with a kept order',
    status: 'kept with a kept order',
  },
  ticket_attendees: {
    first_name: 'markers: on their kept orders every attendee, on anyone’s order the rows with one of their addresses',
    last_name: 'markers, as first_name',
    email: 'markers (erased-<position>@erased.invalid), as first_name',
    phone_e164: 'markers (+99900000<position>), as first_name',
    phone_country: 'the marker country, as first_name',
    identity: 'kept: a category, nobody in it',
    industry: 'kept: a category, nobody in it',
  },
  ticket_order_events: {
    data: 'their kept orders lose the mail recipients; on any order their address, name and phone become markers',
    kind: 'kept: what happened',
  },
  e_tickets: { code: 'kept: a signed ticket id, nobody in it; the ticket outlives its holder' },
  survey_invitations: {
    email: 'the erased marker, on their kept orders and wherever it is one of their addresses',
    locale: 'kept',
    token_hash: 'kept: a hash of a link, nobody in it',
  },
  survey_answer_items: {
    text_value: 'deleted where they held the ticket (free text can name anyone); kept for the other holders',
    choices: 'kept: indexes into the question’s options',
  },
  survey_answers: { locale: 'kept: the ratings and choices stay for the exhibition’s results, with nobody behind them' },
  mail_outbox: {
    to_address:
      'mail to them: deleted, unless an order’s mail log names it and it was sent (then the erased marker and no content); the .eml files of every such mail deleted',
    subject: 'mail that names them: their address, name and phone become markers',
    text_body: 'as subject; a sent mail that names them keeps no body at all',
    html_body: 'as text_body',
    attachments: 'mail to them: none kept; mail to others that names them loses its PDF tickets (they carry the holders’ names)',
    last_error: 'kept: a transport error, about the server, not the person',
  },
  verification_lookups: {
    value: 'deleted where it is one of their addresses or phone numbers; chat names and wallets cannot be tied to anyone and stay',
    query_type: 'deleted with the value',
  },
  staff_audit: {
    before: 'their address, name and phone become markers in every value (decision 0014: the row stays, the person goes)',
    after: 'as before',
    target: 'kept: ids and numbers only (visitor:<id>, order:<number>)',
    function: 'kept',
    address: 'kept: the staff member’s address, not the visitor’s',
  },
  refunds: {
    reason: 'kept with a kept order: a reason code',
    failure_text: 'kept: the provider’s error',
    currency: 'kept',
    idempotency_key: 'kept',
    provider: 'kept',
    provider_ref: 'kept: the provider’s id; the provider keeps its own records',
    status: 'kept',
    ticket_ids: 'kept',
  },
  payment_attempts: {
    currency: 'kept with a kept order; deleted with the others',
    failure_code: 'kept, as currency',
    payment_ref: 'kept, as currency',
    provider: 'kept, as currency',
    provider_ref: 'kept, as currency; the provider keeps its own records',
    received_currency: 'kept, as currency',
    redirect_url: 'kept, as currency: the order number and a key, nobody in it',
    refund_reason: 'kept, as currency',
    sandbox_secret: 'kept, as currency',
    status: 'kept, as currency',
  },
  checkin_scans: {
    device_id: 'kept with the ticket: the door device',
    gate: 'kept with the ticket',
    method: 'kept with the ticket',
    outcome: 'kept with the ticket',
  },
}

/** Tables that never hold a visitor, and why. */
const NOBODY: Record<string, { why: string; columns: string[] }> = {
  adverts: { why: 'content staff write', columns: ['image', 'link', 'placement', 'slug', 'texts'] },
  bulletins: { why: 'content staff write', columns: ['kind', 'slug'] },
  bulletin_texts: { why: 'content staff write', columns: ['body_html', 'body_markdown', 'locale', 'title'] },
  coupons: { why: 'codes staff make', columns: ['code', 'currency', 'kind'] },
  exhibitions: {
    why: 'content staff write',
    columns: ['campaign', 'city', 'country_code', 'cover_image', 'kind', 'map_image', 'recap_figures', 'region', 'slug', 'time_zone'],
  },
  exhibition_texts: {
    why: 'content staff write',
    columns: ['address', 'body_html', 'campaign', 'city', 'highlights', 'locale', 'recap_summary', 'summary', 'tagline', 'title', 'venue_name'],
  },
  exhibition_agenda_days: { why: 'content staff write', columns: ['texts'] },
  exhibition_partners: { why: 'companies on the exhibition page', columns: ['booth', 'key', 'logo', 'name', 'role', 'tier', 'url'] },
  exhibition_photos: { why: 'content staff write', columns: ['key', 'src', 'texts'] },
  exhibition_sessions: { why: 'content staff write', columns: ['key', 'kind', 'room', 'texts'] },
  exhibition_speakers: { why: 'speakers published on the exhibition page, not visitors', columns: ['company', 'key', 'name', 'photo', 'texts'] },
  exhibition_videos: { why: 'content staff write', columns: ['key', 'poster', 'src', 'texts', 'video_slug'] },
  media_items: { why: 'files staff upload', columns: ['alt', 'id', 'kind', 'name', 'src', 'storage_keys'] },
  news_articles: { why: 'content staff write', columns: ['cover_image', 'exhibition_slug', 'slug', 'tags'] },
  news_article_texts: { why: 'content staff write', columns: ['body_html', 'body_markdown', 'cover_alt', 'locale', 'summary', 'title'] },
  videos: { why: 'content staff write', columns: ['captions', 'category', 'exhibition_slug', 'poster_image', 'slug', 'sources'] },
  video_texts: { why: 'content staff write', columns: ['description', 'locale', 'poster_alt', 'title'] },
  ticket_types: { why: 'what is on sale', columns: ['currency', 'key', 'texts'] },
  survey_questions: { why: 'questions staff write', columns: ['kind', 'texts'] },
  payment_events: { why: 'provider event ids, kept to refuse a replay', columns: ['event_id', 'kind', 'provider'] },
  verification_channels: { why: 'the organiser’s own channels (the public register)', columns: ['display', 'kind', 'lookup_key', 'note', 'purpose'] },
  verification_documents: { why: 'documents the organiser issued (the public register)', columns: ['issued_to', 'reference', 'sha256', 'shown_to', 'title'] },
  search_ad_keywords: { why: 'the broker search index', columns: ['keyword', 'placement'] },
  search_brokers: {
    why: 'the broker search index',
    columns: ['aliases', 'code', 'country', 'label', 'logo', 'name_en', 'name_hans', 'name_hant', 'trader_code', 'website'],
  },
  search_fuzzy: { why: 'the broker search index', columns: ['term', 'variant'] },
  search_hot_scores: { why: 'counts per broker and country, nobody behind them', columns: ['country'] },
  search_labels: { why: 'the broker search index', columns: ['color', 'key', 'texts'] },
  search_licences: { why: 'the broker search index', columns: ['licence_no', 'licence_type', 'regulator', 'status'] },
  search_recommendations: { why: 'the broker search index', columns: ['project'] },
  search_regulators: { why: 'the broker search index', columns: ['code', 'country', 'names', 'website'] },
  search_switches: { why: 'configuration', columns: ['feature'] },
  search_terms: { why: 'the broker search index (names of brokers, not what visitors typed)', columns: ['term'] },
  search_warnings: { why: 'the broker search index', columns: ['kind'] },
  staff_members: {
    why: 'staff accounts: a member leaves through the staff pages, not visitor erasure',
    columns: ['email', 'exhibition_ids', 'language', 'name', 'password_hash', 'roles', 'status', 'totp_secret'],
  },
  staff_sessions: { why: 'staff sign-ins', columns: ['address', 'device', 'token_hash'] },
  staff_setup_tokens: { why: 'staff set-up links', columns: ['pending_secret', 'token_hash'] },
  platform_secrets: { why: 'signing keys', columns: ['name', 'value'] },
  schema_migrations: { why: 'the migration record', columns: ['name'] },
  seed_runs: { why: 'the demo content record', columns: ['domain'] },
}

/** Every mapped column, `table.column`: what erasure does there, or why nobody can be in it. */
export const PERSONAL_DATA: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.entries(PEOPLE).flatMap(([table, columns]) => Object.entries(columns).map(([column, what]) => [`${table}.${column}`, what])),
  ...Object.entries(NOBODY).flatMap(([table, { why, columns }]) => columns.map((column) => [`${table}.${column}`, `never a visitor: ${why}`])),
])
