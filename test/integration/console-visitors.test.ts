import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { ACCOUNT_REFERENCES } from '../../server/platform/accounts/console/visitor-erase.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { loadSecret } from '../../server/platform/tokens.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { codeFromOutbox, PASSWORD, postForm, signedUp, someIp } from './accounts-helpers.ts'
import { type App, consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Visitor accounts in the console (docs/product.md#console-visitors): search, detail, ending
 * sessions, blocking (every sign-in path refused) and unblocking, the data export of everything held
 * about a person, and erasure that keeps paid orders anonymised and removes the rest.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let owner: SignedInMember
let support: SignedInMember
let exhibitionId: number
let ticketTypeId: number

beforeEach(async () => {
  await resetDatabase(db)
  owner = await setUpMember(app, db, ['owner'])
  support = await setUpMember(app, db, ['support'])
  exhibitionId = await makeExhibition(db)
  ticketTypeId = await makeTicketType(db, exhibitionId)
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const auditRows = async (fn: string) =>
  (await db.query<{ target: string; before: unknown; after: unknown }>('select target, before, after from staff_audit where function = $1 order by id', [fn]))
    .rows
const count = async (sql: string, parameters: unknown[]) => (await db.query<{ n: number }>(sql, parameters)).rows[0]?.n ?? 0
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const someCode = (length: number) => Array.from({ length }, () => CROCKFORD[Math.floor(Math.random() * 32)]).join('')

/** An order of the visitor written straight into the tables: paid (with an e-ticket and a survey answer), expired unpaid or pending. */
async function addOrder(
  accountId: string,
  state: 'paid' | 'expired' | 'pending',
  attendee = { first: 'Ada', last: 'Lovelace', email: 'ada.guest@example.com' },
) {
  const number = `T-${someCode(10)}`
  const order = await db.query<{ id: string }>(
    `insert into ticket_orders (number, account_id, exhibition_id, status, cancel_reason, locale, buyer_email, currency, subtotal_minor, total_minor,
       expires_at, paid_at, cancelled_at, idempotency_key)
     values ($1, $2, $3, $4, $5, 'en', 'buyer@example.com', 'USD', 5000, 5000, now() + interval '1 hour', $6, $7, $8) returning id`,
    [
      number,
      accountId,
      exhibitionId,
      state === 'expired' ? 'cancelled' : state,
      state === 'expired' ? 'expired' : null,
      state === 'paid' ? new Date() : null,
      state === 'expired' ? new Date() : null,
      randomUUID(),
    ],
  )
  const orderId = order.rows[0]?.id as string
  await db.query('insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor) values ($1, $2, 1, 5000)', [orderId, ticketTypeId])
  const added = await db.query<{ id: string }>(
    `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
     values ($1, 1, $2, $3, $4, '+66812345678', 'TH', 'trader', 'fintech') returning id`,
    [orderId, attendee.first, attendee.last, attendee.email],
  )
  await db.query(`insert into ticket_order_events (order_id, kind, data) values ($1, 'mail', $2)`, [orderId, { kind: 'confirmation', to: 'buyer@example.com' }])
  if (state === 'paid') {
    const ticket = await db.query<{ id: string }>(
      `insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code) values ($1, $2, $3, $4, $5) returning id`,
      [orderId, added.rows[0]?.id, exhibitionId, ticketTypeId, `code-${randomUUID()}`],
    )
    const ticketId = ticket.rows[0]?.id
    await db.query(
      `insert into survey_invitations (ticket_id, exhibition_id, token_hash, locale, email, expires_at) values ($1, $2, $3, 'en', $4, now() + interval '30 days')`,
      [ticketId, exhibitionId, Buffer.from(randomUUID()), attendee.email],
    )
    const question = await db.query<{ id: number }>(`insert into survey_questions (exhibition_id, kind) values ($1, 'text') returning id`, [exhibitionId])
    const answer = await db.query<{ id: number }>(`insert into survey_answers (ticket_id, exhibition_id, locale) values ($1, $2, 'en') returning id`, [
      ticketId,
      exhibitionId,
    ])
    await db.query(`insert into survey_answer_items (answer_id, question_id, text_value) values ($1, $2, 'Great coffee at the Lovelace stand')`, [
      answer.rows[0]?.id,
      question.rows[0]?.id,
    ])
  }
  return { number, orderId }
}

async function addApplication(accountId: string | null, email: string) {
  const reference = `AT-${someCode(8)}`
  await db.query(
    `insert into applications (reference, kind, exhibition_id, account_id, locale, email, surname, given_name, position, identity, industry, idempotency_key, content_hash)
     values ($1, 'attendee', $2, $3, 'en', $4, 'Lovelace', 'Ada', 'Analyst', 'trader', 'fintech', $5, $6)`,
    [reference, exhibitionId, accountId, email, randomUUID(), randomUUID().replaceAll('-', '').padEnd(64, '0')],
  )
  return reference
}

/** A signed-up visitor with a comment, a follow, a paid and an expired order and an application. */
async function seededVisitor(nick = 'Ada Lovelace') {
  const visitor = await signedUp(app, db, { nick })
  const id = visitor.user.userId
  await db.query(`insert into exhibition_comments (exhibition_id, account_id, body) values ($1, $2, 'See you at booth 12')`, [exhibitionId, id])
  await db.query(`insert into account_follows (account_id, target_kind, target_id) values ($1, 'exhibition', $2)`, [id, String(exhibitionId)])
  const paid = await addOrder(id, 'paid')
  const expired = await addOrder(id, 'expired')
  const application = await addApplication(id, visitor.email)
  return { ...visitor, id, paid, expired, application }
}

const isSignedIn = async (login: string) => (await platform.services.accounts.sessions.resolve(login)).kind === 'valid'

describe('finding a visitor', () => {
  it('when support search by the beginning of an e-mail in any case, an exact address or a part of a nick, then they find the account, paged', async () => {
    const ada = await seededVisitor('Ada Lovelace')
    await signedUp(app, db, { nick: 'Grace Hopper' })
    const search = async (query: string, extra: object = {}) => (await staff(support, 'visitorSearch', { query, ...extra }).expect(200)).body.data

    expect((await search(ada.email.slice(0, 8).toUpperCase())).rows.map((row: { id: string }) => row.id)).toEqual([ada.id])
    expect((await search(ada.email)).rows[0]).toMatchObject({ id: ada.id, nick: 'Ada Lovelace', email: ada.email, blocked: false })
    expect((await search(ada.email)).rows[0].lastSignInAt).not.toBeNull()
    expect((await search('hopper')).rows.map((row: { nick: string }) => row.nick)).toEqual(['Grace Hopper'])
    const all = await search('', { pageSize: 1 })
    expect([all.total, all.rows.length]).toEqual([2, 1])
    // Typed wildcards are letters.
    expect((await search('%')).total).toBe(0)
    expect((await search('_')).total).toBe(0)
    expect((await search("'; drop table accounts; --")).total).toBe(0)
  })

  it('when support open a visitor, then they see the profile, orders, applications, comment count and live sessions with their browser', async () => {
    const ada = await seededVisitor()
    const visitor = (await staff(support, 'visitorDetail', { id: ada.id.toUpperCase() }).expect(200)).body.data.visitor
    expect(visitor).toMatchObject({ id: ada.id, email: ada.email, emailVerified: true, comments: 1, follows: 1, block: null })
    expect(visitor.orders.map((order: { number: string; kept: boolean }) => [order.number, order.kept]).sort()).toEqual(
      [
        [ada.paid.number, true],
        [ada.expired.number, false],
      ].sort(),
    )
    expect(visitor.applications.map((application: { reference: string }) => application.reference)).toEqual([ada.application])
    expect(visitor.sessions).toHaveLength(1)
    expect(visitor.sessions[0]).toMatchObject({ kind: 'login', address: ada.ip })
  })

  it('when a member is limited to other exhibitions, then the visitor’s orders and applications there are left out and counted', async () => {
    const ada = await seededVisitor()
    const elsewhere = await makeExhibition(db)
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[elsewhere], support.id])
    const visitor = (await staff(support, 'visitorDetail', { id: ada.id }).expect(200)).body.data.visitor
    expect([visitor.orders, visitor.applications, visitor.hiddenByScope]).toEqual([[], [], 3])
    expect((await staff(owner, 'visitorDetail', { id: ada.id }).expect(200)).body.data.visitor.hiddenByScope).toBe(0)
  })

  it('when an id is not an account, is malformed or hostile, then the answer is a translated 404 or 400, never a 500', async () => {
    const unknown = await staff(support, 'visitorDetail', { id: randomUUID() })
    expect([unknown.status, unknown.body.message]).toEqual([404, 'console:errors.visitorNotFound'])
    for (const id of ['x', "1' or '1'='1", '', 'a'.repeat(10_000), 42, null]) {
      const answer = await staff(support, 'visitorDetail', { id })
      expect([answer.status, answer.body.data?.fields], String(id).slice(0, 20)).toEqual([400, { id: 'console:errors.visitorNotFound' }])
    }
    expect((await staff(support, 'visitorSearch', { query: 'a'.repeat(300) })).status).toBe(400)
    expect((await staff(support, 'visitorSearch', { page: -1 })).status).toBe(400)
    const ada = await seededVisitor()
    expect((await staff(support, 'blockVisitor', { id: ada.id, reason: '   ' })).status).toBe(400)
    expect((await staff(support, 'blockVisitor', { id: ada.id, reason: 'x'.repeat(501) })).status).toBe(400)
  })
})

describe('roles', () => {
  it('when an editor, a verifier or a door member asks, then every visitor function is refused; support and managers may not export or delete', async () => {
    const ada = await seededVisitor()
    const manager = await setUpMember(app, db, ['manager'])
    for (const role of ['editor', 'verifier', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      for (const name of ['visitorSearch', 'visitorDetail', 'endVisitorSessions', 'blockVisitor', 'unblockVisitor', 'exportVisitorData', 'deleteVisitor']) {
        expect((await staff(member, name, { id: ada.id, reason: 'x', confirmEmail: ada.email })).status, `${name} as ${role}`).toBe(403)
      }
    }
    for (const member of [support, manager]) {
      expect((await staff(member, 'visitorDetail', { id: ada.id })).status).toBe(200)
      expect((await staff(member, 'exportVisitorData', { id: ada.id })).status).toBe(403)
      expect((await staff(member, 'deleteVisitor', { id: ada.id, confirmEmail: ada.email })).status).toBe(403)
    }
    expect(await count('select count(*)::int as n from accounts where id = $1', [ada.id])).toBe(1)
  })
})

describe('sessions and blocks', () => {
  it('when support end one session, then that browser is signed out, the other stays, and the audit names the session', async () => {
    const ada = await seededVisitor()
    const phone = await postForm(app, 'signin', { lang: 'en', email: ada.email, password: PASSWORD }, someIp())
    expect(phone.status).toBe(200)
    const visitor = (await staff(support, 'visitorDetail', { id: ada.id }).expect(200)).body.data.visitor
    const first = visitor.sessions.find((session: { address: string }) => session.address === ada.ip)
    const ended = await staff(support, 'endVisitorSessions', { id: ada.id, sessionId: first.id }).expect(200)
    expect(ended.body.data.ended).toBe(1)
    expect(await isSignedIn(ada.login)).toBe(false)
    // The sign-in on the phone has not been exchanged yet, so only the first counts as live.
    expect(ended.body.data.visitor.sessions).toHaveLength(0)
    expect((await staff(support, 'endVisitorSessions', { id: ada.id, sessionId: first.id })).body.message).toBe('console:errors.sessionNotFound')
    expect(await auditRows('console$endVisitorSessions')).toEqual([{ target: `visitor:${ada.id}`, before: null, after: { sessions: [first.id] } }])
  })

  it('when support block a visitor, then every session ends and password, code and OAuth sign-in are refused in the visitor’s language; unblocking lets them in', async () => {
    const ada = await seededVisitor()
    const secrets = { provisionKey: await loadSecret(db, 'oauth-provision-key', ''), clientSecret: await loadSecret(db, 'oauth-client-secret', '') }
    const authorize = () =>
      request(app).post('/oauth2/authorize').type('form').set('X-Forwarded-For', someIp()).send({
        response_type: 'code',
        scope: 'user',
        client_id: 'expo-site',
        provision_key: secrets.provisionKey,
        authenticated_userid: ada.id,
      })
    // A code asked for before the block cannot be traded for a grant after it.
    const early = new URL((await authorize().expect(200)).body.redirect_uri).searchParams.get('code') as string

    const blocked = await staff(support, 'blockVisitor', { id: ada.id, reason: 'Resold tickets with stolen cards' }).expect(200)
    expect(blocked.body.data.visitor.block.reason).toBe('Resold tickets with stolen cards')
    expect(blocked.body.data.visitor.sessions).toEqual([])
    expect(await isSignedIn(ada.login)).toBe(false)
    expect((await staff(support, 'blockVisitor', { id: ada.id, reason: 'Again' })).body.message).toBe('console:errors.visitorAlreadyBlocked')

    const password = await postForm(app, 'signin', { lang: 'ja', email: ada.email, password: PASSWORD }, someIp())
    expect(password.status).toBe(403)
    expect(password.text).toContain('このアカウントはブロックされています')
    const ip = someIp()
    await postForm(app, 'forgot', { lang: 'th', email: ada.email }, ip).expect(200)
    const reset = await postForm(app, 'reset', { lang: 'th', email: ada.email, code: await codeFromOutbox(db, ada.email), password: `${PASSWORD}-new` }, ip)
    expect(reset.status).toBe(403)
    expect(reset.text).toContain('บัญชีนี้ถูกระงับแล้ว')
    expect((await authorize()).body.error).toBe('access_denied')
    const grant = await request(app)
      .post('/oauth2/token')
      .type('form')
      .set('X-Forwarded-For', someIp())
      .send({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code: early })
    expect([grant.status, grant.body.error]).toEqual([403, 'access_denied'])
    expect(await count('select count(*)::int as n from sessions where account_id = $1 and revoked_at is null', [ada.id])).toBe(0)

    await staff(support, 'unblockVisitor', { id: ada.id }).expect(200)
    expect((await staff(support, 'unblockVisitor', { id: ada.id })).body.message).toBe('console:errors.visitorNotBlocked')
    // The reset above was refused as a whole: the old password still works.
    const again = await postForm(app, 'signin', { lang: 'en', email: ada.email, password: PASSWORD }, someIp())
    expect(again.status).toBe(200)
    expect(again.text).toContain('name="cookie"')
    const audits = [...(await auditRows('console$blockVisitor')), ...(await auditRows('console$unblockVisitor'))]
    expect(audits.map((row) => [row.before, row.after])).toEqual([
      [{ blocked: false }, { blocked: true, reason: 'Resold tickets with stolen cards', sessionsEnded: 1 }],
      [{ blocked: true, reason: 'Resold tickets with stolen cards' }, { blocked: false }],
    ])
  })
})

const exported = async (id: string) => {
  const answer = await staff(owner, 'exportVisitorData', { id }).expect(200)
  expect(answer.body.data).toMatchObject({ fileName: `visitor-${id}.json`, mediaType: 'application/json' })
  return JSON.parse(Buffer.from(answer.body.data.base64, 'base64').toString('utf8'))
}

describe('the data export', () => {
  it('when an owner exports a visitor, then the file holds the account, sessions, orders with attendees and tickets, applications, comments and follows, no attendee’s survey answers and no secret', async () => {
    const ada = await seededVisitor()
    const anonymous = await addApplication(null, ada.email.toUpperCase())
    await staff(support, 'blockVisitor', { id: ada.id, reason: 'Chargebacks' }).expect(200)
    const file = await exported(ada.id)
    expect(file.account).toMatchObject({ id: ada.id, email: ada.email, nick: 'Ada Lovelace', blocked_reason: 'Chargebacks' })
    expect(file.sessions).toHaveLength(1)
    expect(file.orders.map((order: { number: string }) => order.number).sort()).toEqual([ada.paid.number, ada.expired.number].sort())
    const paid = file.orders.find((order: { number: string }) => order.number === ada.paid.number)
    expect(paid.attendees[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada.guest@example.com', phone_e164: '+66812345678' })
    expect(paid.tickets).toHaveLength(1)
    expect(paid.lines[0]).toMatchObject({ quantity: 1, unit_price_minor: 5000 })
    expect(file.applications.map((application: { reference: string }) => application.reference).sort()).toEqual([ada.application, anonymous].sort())
    expect(file.comments.map((comment: { body: string }) => comment.body)).toEqual(['See you at booth 12'])
    expect(file.follows).toMatchObject([{ target_kind: 'exhibition', target_id: String(exhibitionId) }])
    // The ticket's holder is the attendee Ada typed in: what they answered is theirs, not Ada's.
    expect([file.surveyAnswers, file.surveyInvitations]).toEqual([[], []])
    expect(JSON.stringify(file)).not.toContain('Great coffee at the Lovelace stand')
    expect(file.staffActions.map((action: { function: string }) => action.function)).toEqual(['console$blockVisitor'])
    const text = JSON.stringify(file)
    for (const secret of ['password_hash', 'secret_hash', 'ticket_hash', 'token_hash', '"code"', 'idempotency_key', 'sandbox_secret'])
      expect(text).not.toContain(secret)
    const audit = await auditRows('console$exportVisitorData')
    expect(audit).toHaveLength(1)
    expect(JSON.stringify(audit)).not.toContain(ada.email)
    expect(audit[0]?.after).toMatchObject({ counts: { orders: 2, applications: 2, comments: 1, follows: 1 } })
  })
})

describe('erasure', () => {
  it('when an owner deletes a visitor, then paid orders stay anonymised with their amounts and everything else about the person is gone', async () => {
    const ada = await seededVisitor()
    const anonymous = await addApplication(null, ada.email)
    const other = await seededVisitor('Grace Hopper')
    const wrong = await staff(owner, 'deleteVisitor', { id: ada.id, confirmEmail: 'someone@example.com' })
    expect([wrong.status, wrong.body.data?.fields]).toEqual([400, { confirmEmail: 'console:errors.visitorEmailMismatch' }])

    const done = await staff(owner, 'deleteVisitor', { id: ada.id, confirmEmail: ` ${ada.email.toUpperCase()} ` }).expect(200)
    expect(done.body.data).toEqual({ ordersKept: 1, ordersRemoved: 1, applicationsRemoved: 2, commentsRemoved: 1 })
    expect(await isSignedIn(ada.login)).toBe(false)
    for (const [table, column] of [
      ['accounts', 'id'],
      ['sessions', 'account_id'],
      ['exhibition_comments', 'account_id'],
      ['account_follows', 'account_id'],
      ['ticket_orders', 'account_id'],
    ]) {
      expect(await count(`select count(*)::int as n from ${table} where ${column} = $1`, [ada.id]), table).toBe(0)
    }
    expect(await count('select count(*)::int as n from applications where reference = any($1)', [[ada.application, anonymous]])).toBe(0)
    expect(await count('select count(*)::int as n from ticket_orders where number = $1', [ada.expired.number])).toBe(0)
    expect(await count('select count(*)::int as n from mail_outbox where lower(to_address) = lower($1)', [ada.email])).toBe(0)

    const kept = (
      await db.query(
        `select o.account_id, o.buyer_email, o.total_minor, o.currency, o.paid_at is not null as paid, a.first_name, a.last_name, a.email, a.phone_e164,
           (select email from survey_invitations i join e_tickets e on e.id = i.ticket_id where e.order_id = o.id) as invited,
           (select data from ticket_order_events v where v.order_id = o.id and v.kind = 'mail') as mail_event
         from ticket_orders o join ticket_attendees a on a.order_id = o.id where o.number = $1`,
        [ada.paid.number],
      )
    ).rows[0]
    expect(kept).toEqual({
      account_id: null,
      buyer_email: 'erased-0@erased.invalid',
      total_minor: 5000,
      currency: 'USD',
      paid: true,
      first_name: 'erased',
      last_name: 'erased',
      email: 'erased-1@erased.invalid',
      phone_e164: '+9990000001',
      invited: 'erased-0@erased.invalid',
      mail_event: { kind: 'confirmation' },
    })
    // The survey answer stays, with nothing that leads to the person.
    expect(
      await count(
        'select count(*)::int as n from survey_answers s join e_tickets e on e.id = s.ticket_id join ticket_orders o on o.id = e.order_id where o.number = $1',
        [ada.paid.number],
      ),
    ).toBe(1)
    // Someone else is untouched.
    expect((await staff(owner, 'visitorDetail', { id: other.id }).expect(200)).body.data.visitor).toMatchObject({ comments: 1, follows: 1 })

    const audit = await auditRows('console$deleteVisitor')
    expect(audit).toEqual([
      {
        target: `visitor:${ada.id}`,
        before: null,
        after: { ordersKept: 1, ordersRemoved: 1, applicationsRemoved: 2, commentsRemoved: 1, sessionsEnded: 1, keptOrders: [ada.paid.number] },
      },
    ])
    const again = await staff(owner, 'deleteVisitor', { id: ada.id, confirmEmail: ada.email })
    expect([again.status, again.body.message]).toEqual([404, 'console:errors.visitorNotFound'])
    expect((await staff(owner, 'exportVisitorData', { id: ada.id })).status).toBe(404)
  })

  it('when a visitor has an order waiting for payment, then the deletion is refused until staff cancel it', async () => {
    const ada = await seededVisitor()
    await addOrder(ada.id, 'pending')
    const answer = await staff(owner, 'deleteVisitor', { id: ada.id, confirmEmail: ada.email })
    expect([answer.status, answer.body.message]).toEqual([409, 'console:errors.visitorOrderPending'])
    expect(await count('select count(*)::int as n from accounts where id = $1', [ada.id])).toBe(1)
    expect(await auditRows('console$deleteVisitor')).toEqual([])
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two owners delete the same visitor at once, then one erases and the other gets the translated 404 (PostgreSQL only: PGlite cannot race)',
    async () => {
      const ada = await seededVisitor()
      const other = await setUpMember(app, db, ['owner'])
      const answers = await Promise.all([
        staff(owner, 'deleteVisitor', { id: ada.id, confirmEmail: ada.email }),
        staff(other, 'deleteVisitor', { id: ada.id, confirmEmail: ada.email }),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404])
      expect(answers.find((answer) => answer.status === 404)?.body.message).toBe('console:errors.visitorNotFound')
      expect(await auditRows('console$deleteVisitor')).toHaveLength(1)
    },
  )

  it('when a table refers to accounts, then erasure says what happens to it (a new one must be added to ACCOUNT_REFERENCES)', async () => {
    const references = (
      await db.query<{ reference: string }>(
        `select distinct kcu.table_name || '.' || kcu.column_name as reference
         from information_schema.referential_constraints rc
         join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
         where ccu.table_name = 'accounts'
         order by 1`,
      )
    ).rows.map((row) => row.reference)
    expect(references.length).toBeGreaterThan(5)
    const unhandled = references.filter((reference) => !(reference in ACCOUNT_REFERENCES))
    expect(unhandled, 'add these to ACCOUNT_REFERENCES in server/platform/accounts/console/visitor-erase.ts and handle them there').toEqual([])
  })
})
