import type { Queryable } from '../../../db/client.ts'
import type { PersonTraces } from './person-traces.ts'
import { APPLICATIONS_OF } from '../../applications/index.ts'

type Json = Record<string, unknown>

/**
 * Every row held about a visitor, as JSON objects, for an access request (GDPR art. 15). Rows are read
 * whole (`to_jsonb`), so a column added later is exported without a change here; only secrets that
 * would let someone act as the visitor (hashes of cookies, codes and links, QR codes, payment-page
 * secrets) and our internal keys are left out. Only the person's own rows (docs/decisions/0014-erasure-map.md):
 * the attendees they typed into their orders are theirs, but what an attendee answered in the survey
 * is the attendee's; their own tickets on someone else's order are theirs, that order is not.
 */
export async function exportRows(db: Queryable, accountId: string, email: string, traces: PersonTraces) {
  const rows = async (sql: string, parameters: unknown[] = [accountId]) => (await db.query<{ row: Json }>(sql, parameters)).rows.map((item) => item.row)
  const tableExists = async (name: string) =>
    (await db.query<{ found: string | null }>('select to_regclass($1)::text as found', [name])).rows[0]?.found !== null
  const [account] = await rows(`select to_jsonb(a) - 'password_hash' as row from accounts a where a.id = $1`)
  // The tickets they hold, on their orders or anyone else's ($1: their addresses).
  const heldTickets = `select e.id from e_tickets e join ticket_attendees t on t.id = e.attendee_id where lower(t.email) = any($1::text[])`
  return {
    account: account ?? null,
    sessions: await rows(
      `select to_jsonb(s) - 'secret_hash' - 'ticket_hash' - 'account_id' as row from sessions s where s.account_id = $1 order by s.created_at`,
    ),
    orders: await rows(
      `select to_jsonb(o) - 'account_id' - 'idempotency_key' || jsonb_build_object(
         'lines', (select coalesce(jsonb_agg(to_jsonb(l) - 'order_id' order by l.ticket_type_id), '[]') from ticket_order_lines l where l.order_id = o.id),
         'attendees', (select coalesce(jsonb_agg(to_jsonb(t) - 'order_id' order by t.position), '[]') from ticket_attendees t where t.order_id = o.id),
         'tickets', (select coalesce(jsonb_agg(to_jsonb(e) - 'code' - 'order_id' order by e.issued_at), '[]') from e_tickets e where e.order_id = o.id),
         'payments', (select coalesce(jsonb_agg(to_jsonb(p) - 'sandbox_secret' - 'redirect_url' - 'order_id' order by p.created_at), '[]')
                      from payment_attempts p where p.order_id = o.id),
         'refunds', (select coalesce(jsonb_agg(to_jsonb(r) - 'idempotency_key' - 'order_id' order by r.requested_at), '[]') from refunds r where r.order_id = o.id),
         'events', (select coalesce(jsonb_agg(to_jsonb(v) - 'order_id' order by v.id), '[]') from ticket_order_events v where v.order_id = o.id),
         'answerFiles', (select coalesce(jsonb_agg(jsonb_build_object('name', f.name, 'kind', f.kind, 'bytes', f.bytes, 'uploadedAt', f.created_at) order by f.id), '[]') from ticket_answer_files f where f.attendee_id in (select t.id from ticket_attendees t where t.order_id = o.id))
       ) as row
       from ticket_orders o where o.account_id = $1 order by o.created_at`,
    ),
    // File answers (docs/product.md#ticket-question-files) by name, kind and size; the bytes are the download's.
    looseAnswerFiles: await rows(
      `select jsonb_build_object('name', f.name, 'kind', f.kind, 'bytes', f.bytes, 'uploadedAt', f.created_at) as row
       from ticket_answer_files f where f.account_id = $1 and f.attendee_id is null order by f.id`,
    ),
    applications: await rows(
      `select to_jsonb(a) - 'idempotency_key' - 'content_hash' - 'account_id' || jsonb_build_object(
         'decisions', (select coalesce(jsonb_agg(jsonb_build_object('from', d.from_status, 'to', d.to_status, 'note', d.applicant_note, 'at', d.created_at) order by d.id), '[]')
                       from application_decisions d where d.application_id = a.id)
       ) as row
       from applications a where ${APPLICATIONS_OF} order by a.created_at`,
      [accountId, email],
    ),
    comments: await rows(`select to_jsonb(c) - 'account_id' - 'hidden_by' as row from exhibition_comments c where c.account_id = $1 order by c.id`),
    follows: await rows(`select to_jsonb(f) - 'account_id' as row from account_follows f where f.account_id = $1 order by f.created_at`),
    commentBlocks: (await tableExists('comment_blocks'))
      ? await rows(`select to_jsonb(b) - 'account_id' - 'blocked_by' as row from comment_blocks b where b.account_id = $1`)
      : [],
    attendances: await rows(
      `select jsonb_build_object(
         'order', o.number, 'exhibitionId', o.exhibition_id, 'attendee', to_jsonb(t) - 'order_id',
         'tickets', (select coalesce(jsonb_agg(to_jsonb(e) - 'code' - 'order_id'), '[]') from e_tickets e where e.attendee_id = t.id),
         'answers', (select coalesce(jsonb_object_agg(a.question_id, a.value), '{}') from ticket_answers a where a.attendee_id = t.id),
         'answerFiles', (select coalesce(jsonb_agg(jsonb_build_object('name', f.name, 'kind', f.kind, 'bytes', f.bytes, 'uploadedAt', f.created_at) order by f.id), '[]') from ticket_answer_files f where f.attendee_id = t.id)
       ) as row
       from ticket_attendees t join ticket_orders o on o.id = t.order_id
       where lower(t.email) = any($2::text[]) and o.account_id is distinct from $1 order by o.created_at`,
      [accountId, traces.emails],
    ),
    surveyInvitations: await rows(
      `select to_jsonb(i) - 'token_hash' as row from survey_invitations i where i.ticket_id in (${heldTickets}) order by i.mailed_at`,
      [traces.emails],
    ),
    surveyAnswers: await rows(
      `select to_jsonb(s) || jsonb_build_object(
         'items', (select coalesce(jsonb_agg(to_jsonb(i) - 'answer_id' order by i.question_id), '[]') from survey_answer_items i where i.answer_id = s.id)
       ) as row
       from survey_answers s where s.ticket_id in (${heldTickets}) order by s.answered_at`,
      [traces.emails],
    ),
    lookups: await rows(
      `select jsonb_build_object('type', l.query_type, 'value', l.value, 'lookups', l.lookups, 'firstAt', l.first_at, 'lastAt', l.last_at) as row
       from verification_lookups l
       where (l.query_type = 'email' and lower(l.value) = any($1::text[]))
          or (l.query_type = 'phone' and regexp_replace(l.value, '[^0-9]', '', 'g') = any($2::text[]))
       order by l.first_at`,
      [traces.emails, traces.phones.map((phone) => phone.replace(/\D/g, ''))],
    ),
    mails: await rows(
      `select jsonb_build_object('to', m.to_address, 'subject', m.subject, 'text', m.text_body, 'createdAt', m.created_at, 'sentAt', m.sent_at) as row
       from mail_outbox m where lower(m.to_address) = any($1::text[]) order by m.id`,
      [traces.emails],
    ),
    // What staff did to the account, without who: the function, when, and what changed.
    staffActions: await rows(
      `select jsonb_build_object('function', s.function, 'at', s.at, 'before', s.before, 'after', s.after) as row
       from staff_audit s where s.target = 'visitor:' || $1 order by s.id`,
    ),
  }
}
