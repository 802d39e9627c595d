import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { LOCALES } from '../../shared/languages.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, signedUp, someIp, visitorToken } from './accounts-helpers.ts'
import { type App, consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'

/**
 * Comment moderation in the console (docs/product.md#console-comments): the
 * queue, hiding and restoring with a reason (gone from the public list and count at once, kept with
 * who/when/why, shown to its author with the reason), barring a visitor from commenting (their post
 * refused with a translated 403), every change audited, concurrent changes refused but one.
 */

const EXPO = '/wikifxweb-v1/wikiexpo/invoke-v1'
let app: App
let db: Database
let editor: SignedInMember
let support: SignedInMember
let exhibitionId: number

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await addExhibition(db)
  editor = await setUpMember(app, db, ['editor'])
  support = await setUpMember(app, db, ['support'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const auditRows = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

/** A commenter without the sign-up round trip, for tests that do not post as them. */
async function commenter(nick: string, email = `${nick.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 6)}@example.com`) {
  const row = await db.query<{ id: string }>('insert into accounts (email, nick) values ($1, $2) returning id', [email, nick])
  return { id: row.rows[0]?.id as string, nick, email }
}

async function comment(accountId: string, body: string, exhibition = exhibitionId): Promise<number> {
  const row = await db.query<{ id: string }>('insert into exhibition_comments (exhibition_id, account_id, body) values ($1, $2, $3) returning id', [
    exhibition,
    accountId,
    body,
  ])
  return Number(row.rows[0]?.id)
}

const publicList = async (token?: string) =>
  (await call(app, EXPO, 'expo$listComments', { exhibitionId }, { token: token ?? (await visitorToken(app)) }).expect(200)).body.data as {
    items: Array<{ id: number; body: string; mine: boolean; hiddenReason: string | null }>
    total: number
    blocked: { reason: string; until: string | null } | null
  }

const post = (token: string, body: string) => call(app, EXPO, 'expo$postComment', { exhibitionId, body }, { token, ip: someIp() })

describe('hiding and restoring a comment', () => {
  it('when an editor hides a comment with a reason, then the public list and count lose it at once, its author reads why, and it is audited', async () => {
    const author = await signedUp(app, db, { nick: 'Spammer' })
    const reader = await signedUp(app, db, { nick: 'Reader' })
    const spam = (await post(author.token, 'Cheap followers at example.com').expect(200)).body.data.id as number
    await post(reader.token, 'See you there!').expect(200)
    expect((await publicList()).total).toBe(2)

    const hidden = await staff(editor, 'hideComment', { id: spam, reason: '  Advertising\u202E is not allowed  ' })
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200)
    // The reason is cleaned as comment text is (the author reads it): no direction overrides, trimmed.
    expect(hidden.body.data).toMatchObject({ id: spam, exhibitionTitle: 'Bangkok Expo', hidden: { reason: 'Advertising is not allowed' } })

    const everyone = await publicList()
    expect([everyone.total, everyone.items.map((item) => item.body)]).toEqual([1, ['See you there!']])
    const others = await publicList(reader.token)
    expect(others.items.map((item) => item.id)).not.toContain(spam)
    const own = await publicList(author.token)
    expect(own.items.find((item) => item.id === spam)).toMatchObject({ mine: true, hiddenReason: 'Advertising is not allowed' })
    expect(own.items.find((item) => item.id !== spam)?.hiddenReason).toBeNull()

    // Kept in the database with who, when and why.
    const stored = (await db.query('select hidden_by, hidden_reason, hidden_at is not null as dated from exhibition_comments where id = $1', [spam])).rows[0]
    expect(stored).toEqual({ hidden_by: editor.id, hidden_reason: 'Advertising is not allowed', dated: true })
    expect(await auditRows('console$hideComment')).toMatchObject([
      {
        staff_id: editor.id,
        target: `comment:${spam}`,
        before: { state: 'visible', reason: null },
        after: { state: 'hidden', reason: 'Advertising is not allowed' },
      },
    ])

    const again = await staff(support, 'hideComment', { id: spam, reason: 'Spam' })
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.commentAlreadyHidden'])
    expect(await auditRows('console$hideComment')).toHaveLength(1)

    const restored = await staff(support, 'restoreComment', { id: spam, note: 'The link was the exhibitor’s own site' })
    expect(restored.status).toBe(200)
    expect(restored.body.data.hidden).toBeNull()
    expect((await publicList()).total).toBe(2)
    expect(await auditRows('console$restoreComment')).toMatchObject([
      {
        staff_id: support.id,
        before: { state: 'hidden', reason: 'Advertising is not allowed' },
        after: { state: 'visible', note: 'The link was the exhibitor’s own site' },
      },
    ])
    const twice = await staff(support, 'restoreComment', { id: spam })
    expect([twice.status, twice.body.message]).toEqual([409, 'console:errors.commentNotHidden'])
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two members hide the same comment at once, or restore it at once, then one wins and the other gets a translated conflict (PostgreSQL only: PGlite cannot race)',
    async () => {
      const author = await commenter('Twice')
      const id = await comment(author.id, 'Buy now')
      const hides = await Promise.all([staff(editor, 'hideComment', { id, reason: 'Spam' }), staff(support, 'hideComment', { id, reason: 'Advert' })])
      expect(hides.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(hides.find((answer) => answer.status === 409)?.body.message).toBe('console:errors.commentAlreadyHidden')
      const winner = hides.find((answer) => answer.status === 200)?.body.data.hidden.reason
      expect((await db.query('select hidden_reason from exhibition_comments where id = $1', [id])).rows[0]).toEqual({ hidden_reason: winner })
      expect(await auditRows('console$hideComment')).toHaveLength(1)

      const restores = await Promise.all([staff(editor, 'restoreComment', { id }), staff(support, 'restoreComment', { id })])
      expect(restores.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(await auditRows('console$restoreComment')).toHaveLength(1)
    },
  )
})

describe('the moderation queue', () => {
  it('when staff filter by exhibition and state and search body, nick or e-mail, then they get those, newest first, a page at a time', async () => {
    const other = await addExhibition(db)
    const ada = await commenter('Ada', 'ada.l@example.com')
    const bob = await commenter('Bob 50%')
    const first = await comment(ada.id, 'Lovely venue')
    const second = await comment(bob.id, 'Where is hall B?')
    const third = await comment(ada.id, 'Free crypto here', other)
    await staff(editor, 'hideComment', { id: third, reason: 'Scam' }).expect(200)

    const ids = async (payload: Record<string, unknown>) =>
      ((await staff(support, 'commentList', payload).expect(200)).body.data.rows as Array<{ id: number }>).map((row) => row.id)
    const all = (await staff(support, 'commentList', {}).expect(200)).body.data
    expect([all.total, all.rows.map((row: { id: number }) => row.id)]).toEqual([3, [third, second, first]])
    expect(all.exhibitions.map((exhibition: { id: number }) => exhibition.id).sort()).toEqual([exhibitionId, other].sort())
    expect(all.rows[0]).toMatchObject({
      exhibitionId: other,
      body: 'Free crypto here',
      hidden: { reason: 'Scam', by: '' },
      author: { accountId: ada.id, nick: 'Ada', email: 'ada.l@example.com', block: null },
    })
    expect(await ids({ state: 'hidden' })).toEqual([third])
    expect(await ids({ state: 'visible' })).toEqual([second, first])
    expect(await ids({ exhibitionId: other })).toEqual([third])
    expect(await ids({ search: 'HALL b' })).toEqual([second])
    expect(await ids({ search: 'ada.l@' })).toEqual([third, first])
    // A LIKE wildcard is searched for as itself.
    expect(await ids({ search: '50%' })).toEqual([second])
    expect(await ids({ search: '_' })).toEqual([])
    const paged = (await staff(support, 'commentList', { pageSize: 2, page: 2 }).expect(200)).body.data
    expect([paged.total, paged.rows.map((row: { id: number }) => row.id)]).toEqual([3, [first]])
  })

  it('when a member is limited to another exhibition, then these comments and their authors do not exist for them', async () => {
    const other = await addExhibition(db)
    const author = await commenter('Elsewhere')
    const id = await comment(author.id, 'Not yours')
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[other], support.id])
    const list = (await staff(support, 'commentList', {}).expect(200)).body.data
    expect([list.rows, list.total, list.exhibitions.map((row: { id: number }) => row.id)]).toEqual([[], 0, [other]])
    for (const [name, body, message] of [
      ['hideComment', { id, reason: 'x' }, 'console:errors.commentNotFound'],
      ['restoreComment', { id }, 'console:errors.commentNotFound'],
      ['blockCommenter', { accountId: author.id, reason: 'x' }, 'console:errors.commenterNotFound'],
      ['unblockCommenter', { accountId: author.id }, 'console:errors.commenterNotFound'],
    ] as const) {
      const answer = await staff(support, name, body)
      expect([answer.status, answer.body.message], name).toEqual([404, message])
    }
    expect((await db.query('select count(*)::int as n from comment_blocks')).rows[0]).toEqual({ n: 0 })
  })

  it('when roles other than editor, support and owner call the functions, then they are refused; the allowed ones are not', async () => {
    const author = await commenter('Anyone')
    const id = await comment(author.id, 'Hello')
    const calls = [
      ['commentList', {}],
      ['hideComment', { id, reason: 'Off topic' }],
      ['restoreComment', { id }],
      ['blockCommenter', { accountId: author.id, reason: 'Off topic' }],
      ['unblockCommenter', { accountId: author.id }],
    ] as const
    for (const role of ['manager', 'verifier', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      for (const [name, body] of calls) {
        const answer = await staff(member, name, body)
        expect([answer.status, answer.body.message], `${name} as ${role}`).toEqual([403, 'errors.forbidden'])
      }
    }
    expect((await db.query('select hidden_at from exhibition_comments where id = $1', [id])).rows[0]).toEqual({ hidden_at: null })
    const owner = await setUpMember(app, db, ['owner'])
    for (const member of [owner, editor, support]) {
      for (const [name, body] of calls) expect((await staff(member, name, body)).status, name).toBe(200)
    }
    expect(await auditRows('console$blockCommenter')).toHaveLength(3)
  })
})

describe('barring a visitor from commenting', () => {
  it('when support blocks a visitor and hides their comments, then they are told so, their post is refused with a translated 403, and unblocking lets them post', async () => {
    const author = await signedUp(app, db, { nick: 'Troll' })
    const reader = await signedUp(app, db, { nick: 'Calm' })
    const mine = (await post(author.token, 'First rude comment').expect(200)).body.data.id as number
    await post(author.token, 'Second rude comment').expect(200)
    await post(reader.token, 'A kind word').expect(200)

    const blocked = await staff(support, 'blockCommenter', { accountId: author.user.userId, reason: 'Insults', hideComments: true })
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200)
    expect(blocked.body.data).toEqual({ accountId: author.user.userId, hidden: 2 })
    const audit = await auditRows('console$blockCommenter')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ staff_id: support.id, target: `account:${author.user.userId}`, before: null, after: { reason: 'Insults', endsAt: null } })
    expect((audit[0]?.after as { hiddenComments?: number[] } | undefined)?.hiddenComments).toContain(mine)

    const everyone = await publicList(reader.token)
    expect([everyone.total, everyone.items.map((item) => item.body), everyone.blocked]).toEqual([1, ['A kind word'], null])
    const theirs = await publicList(author.token)
    expect(theirs.blocked).toEqual({ reason: 'Insults', until: null })
    expect(theirs.items.filter((item) => item.hiddenReason === 'Insults')).toHaveLength(2)

    const refused = await post(author.token, 'Let me in')
    expect([refused.status, refused.body.message]).toEqual([403, 'account:comments.errors.blocked'])
    // The refusal reads in every language of the site, not in English left over.
    const english = JSON.parse(readFileSync('locales/en/account.json', 'utf8')).comments.errors.blocked as string
    for (const locale of LOCALES) {
      const text = JSON.parse(readFileSync(`locales/${locale}/account.json`, 'utf8')).comments.errors.blocked as string
      expect(text, locale).toBeTruthy()
      if (locale !== 'en') expect(text, locale).not.toBe(english)
    }
    const queue = (await staff(editor, 'commentList', { search: 'Troll' }).expect(200)).body.data
    expect(queue.rows[0].author.block).toMatchObject({ reason: 'Insults', endsAt: null })

    const twice = await staff(editor, 'blockCommenter', { accountId: author.user.userId, reason: 'Again' })
    expect([twice.status, twice.body.message]).toEqual([409, 'console:errors.commenterAlreadyBlocked'])

    await staff(editor, 'unblockCommenter', { accountId: author.user.userId, note: 'Apologised by mail' }).expect(200)
    expect(await auditRows('console$unblockCommenter')).toMatchObject([
      { staff_id: editor.id, before: { reason: 'Insults', endsAt: null }, after: { note: 'Apologised by mail' } },
    ])
    expect((await publicList(author.token)).blocked).toBeNull()
    await post(author.token, 'Sorry, everyone').expect(200)
    // Unblocking does not restore what was hidden: each comment is restored on its own.
    expect((await publicList()).total).toBe(2)
    const again = await staff(editor, 'unblockCommenter', { accountId: author.user.userId })
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.commenterNotBlocked'])
  })

  it('when a block has an end day, then it counts until that day begins, and a block that has run out no longer bars', async () => {
    const author = await signedUp(app, db, { nick: 'Hothead' })
    await post(author.token, 'Hmm').expect(200)
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    await staff(editor, 'blockCommenter', { accountId: author.user.userId, reason: 'Cool down', until: soon }).expect(200)
    expect((await publicList(author.token)).blocked).toEqual({ reason: 'Cool down', until: `${soon}T00:00:00.000Z` })
    expect((await post(author.token, 'Still here')).status).toBe(403)

    // The day came: the block ran out and may be replaced by a new one.
    await db.query("update comment_blocks set ends_at = now() - interval '1 second'")
    expect((await publicList(author.token)).blocked).toBeNull()
    await post(author.token, 'Back again').expect(200)
    const expired = await staff(editor, 'unblockCommenter', { accountId: author.user.userId })
    expect([expired.status, expired.body.message]).toEqual([409, 'console:errors.commenterNotBlocked'])
    await staff(editor, 'blockCommenter', { accountId: author.user.userId, reason: 'For good' }).expect(200)
    expect((await publicList(author.token)).blocked).toEqual({ reason: 'For good', until: null })
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two members barring the same visitor at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when both block at once, then one block is kept and the other member is told it exists', async () => {
    const author = await commenter('Racer')
    await comment(author.id, 'Fast')
    const answers = await Promise.all([
      staff(editor, 'blockCommenter', { accountId: author.id, reason: 'First reason' }),
      staff(support, 'blockCommenter', { accountId: author.id, reason: 'Second reason', hideComments: true }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('console:errors.commenterAlreadyBlocked')
    expect((await db.query('select count(*)::int as n from comment_blocks')).rows[0]).toEqual({ n: 1 })
    expect(await auditRows('console$blockCommenter')).toHaveLength(1)
  })
})

describe('hostile input', () => {
  it('when payloads are too long, of the wrong type or name what does not exist, then a translated 4xx and nothing is written', async () => {
    const author = await commenter('Target')
    const id = await comment(author.id, 'Plain')
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['hideComment', { id, reason: 'x'.repeat(501) }, 400, 'errors.tooLong'],
      ['hideComment', { id, reason: 'x'.repeat(100_000) }, 400, 'errors.tooLong'],
      ['hideComment', { id, reason: ' \n\u200B ' }, 400, 'console:errors.reasonRequired'],
      ['hideComment', { id }, 400, 'errors.invalid'],
      ['hideComment', { id: 'one', reason: 'x' }, 400, 'errors.invalid'],
      ['hideComment', { id: -1, reason: 'x' }, 400, 'errors.invalid'],
      ['hideComment', { id: 1.5, reason: 'x' }, 400, 'errors.invalid'],
      ['hideComment', { id: 2 ** 60, reason: 'x' }, 400, 'errors.invalid'],
      ['hideComment', { id: id + 1000, reason: 'x' }, 404, 'console:errors.commentNotFound'],
      ['hideComment', { id, reason: { $ne: 1 } }, 400, 'errors.invalid'],
      ['restoreComment', { id, note: 'n'.repeat(501) }, 400, 'errors.tooLong'],
      ['restoreComment', { id }, 409, 'console:errors.commentNotHidden'],
      ['blockCommenter', { accountId: "'; drop table accounts; --", reason: 'x' }, 400, 'console:errors.commenterNotFound'],
      ['blockCommenter', { accountId: randomUUID(), reason: 'x' }, 404, 'console:errors.commenterNotFound'],
      ['blockCommenter', { accountId: author.id, reason: '' }, 400, 'console:errors.reasonRequired'],
      ['blockCommenter', { accountId: author.id, reason: 'x', until: '2027-02-30' }, 400, 'console:errors.blockUntil'],
      ['blockCommenter', { accountId: author.id, reason: 'x', until: 'tomorrow' }, 400, 'console:errors.blockUntil'],
      ['blockCommenter', { accountId: author.id, reason: 'x', until: '2001-01-01' }, 400, 'console:errors.blockUntilPast'],
      ['blockCommenter', { accountId: author.id, reason: 'x', hideComments: 'yes' }, 400, 'errors.invalid'],
      ['unblockCommenter', { accountId: 42 }, 400, 'console:errors.commenterNotFound'],
      ['commentList', { search: 's'.repeat(201) }, 400, 'errors.tooLong'],
      ['commentList', { state: 'deleted' }, 400, 'errors.invalid'],
      ['commentList', { pageSize: 1000 }, 400, 'errors.invalid'],
      ['commentList', { exhibitionId: 'all' }, 400, 'errors.invalid'],
    ]
    for (const [name, body, status, message] of cases) {
      const answer = await staff(editor, name, body)
      const label = `${name} ${JSON.stringify(body).slice(0, 60)}`
      expect(answer.status, label).toBe(status)
      expect(JSON.stringify(answer.body), label).toContain(message)
    }
    expect((await db.query('select hidden_at from exhibition_comments where id = $1', [id])).rows[0]).toEqual({ hidden_at: null })
    expect((await db.query('select count(*)::int as n from comment_blocks')).rows[0]).toEqual({ n: 0 })
    expect((await db.query("select count(*)::int as n from staff_audit where function like '%omment%'")).rows[0]).toEqual({ n: 0 })

    // Markup in a reason is kept as text: the pages show it as text.
    const markup = await staff(editor, 'hideComment', { id, reason: '<img src=x onerror=alert(1)>' })
    expect(markup.body.data.hidden.reason).toBe('<img src=x onerror=alert(1)>')
  })
})
