import fc from 'fast-check'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { createTestApp } from '../setup/test-app.ts'
import { addExhibition, type App, call, postForm, signedUp, someIp, visitorToken } from './accounts-helpers.ts'

let app: App
let db: Database
const EXPO = '/wikifxweb-v1/wikiexpo/invoke-v1'
const ATTENTION = '/wikibitweb-v1/wikibit/usercenter/attentionevaluation-v1'

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

describe('community comments', () => {
  it('when hostile text is posted, then it is stored and listed as plain text, direction overrides removed; a NUL is refused first', async () => {
    const exhibitionId = await addExhibition(db)
    const author = await signedUp(app, db, { nick: 'Poster' })
    const withNul = await call(app, EXPO, 'expo$postComment', { exhibitionId, body: 'hello\u0000' }, { token: author.token })
    expect([withNul.status, withNul.body.data.fields]).toEqual([400, { body: 'errors.controlCharacters' }])
    const hostile = '  <script>alert(1)</script>\u202Egnp.exe <img src=x onerror=alert(2)>\r\n\r\n\r\n\r\nline two&amp;  '
    const posted = await call(app, EXPO, 'expo$postComment', { exhibitionId, body: hostile }, { token: author.token })
    expect(posted.status).toBe(200)
    expect(posted.headers['content-type']).toMatch(/^application\/json/)
    expect(posted.body.data).toMatchObject({
      exhibitionId,
      body: '<script>alert(1)</script>gnp.exe <img src=x onerror=alert(2)>\n\nline two&amp;',
      author: { userId: author.user.userId, nick: 'Poster', avatar: null },
      mine: true,
    })
    const listed = await call(app, EXPO, 'expo$listComments', { exhibitionId }, { token: await visitorToken(app) })
    expect(listed.body.data).toMatchObject({ total: 1, nextBefore: null })
    expect(listed.body.data.items[0]).toMatchObject({ body: posted.body.data.body, mine: false })
  })

  it('when a comment is empty, too long or not text, then 400 on the body; 1000 characters are fine', async () => {
    const exhibitionId = await addExhibition(db)
    const author = await signedUp(app, db)
    expect((await call(app, EXPO, 'expo$postComment', { exhibitionId, body: 'é'.repeat(1000) }, { token: author.token })).status).toBe(200)
    const cases: Array<[unknown, string]> = [
      ['', 'comments.empty'],
      [' \n\t\u200B ', 'comments.empty'],
      ['x'.repeat(1001), 'comments.tooLong'],
      ['x'.repeat(5000), 'comments.tooLong'],
      [42, 'comments.empty'],
      [null, 'comments.empty'],
    ]
    for (const [body, key] of cases) {
      const response = await call(app, EXPO, 'expo$postComment', { exhibitionId, body }, { token: author.token, ip: someIp() })
      expect(response.status).toBe(400)
      expect(response.body.data.fields).toEqual({ body: key })
    }
    for (const payload of [{ body: 'hi' }, { exhibitionId: 'one', body: 'hi' }, { exhibitionId: -1, body: 'hi' }, { exhibitionId: 1.5, body: 'hi' }]) {
      expect((await call(app, EXPO, 'expo$postComment', payload, { token: author.token })).status).toBe(400)
    }
  })

  it('when a visitor posts or an exhibition does not exist, then 401 and 404', async () => {
    const exhibitionId = await addExhibition(db)
    const hidden = await addExhibition(db, { published: false })
    const author = await signedUp(app, db)
    expect((await call(app, EXPO, 'expo$postComment', { exhibitionId, body: 'Hello' }, { token: await visitorToken(app) })).status).toBe(401)
    expect((await call(app, EXPO, 'expo$postComment', { exhibitionId: 999_999, body: 'Hello' }, { token: author.token })).status).toBe(404)
    expect((await call(app, EXPO, 'expo$postComment', { exhibitionId: hidden, body: 'Hello' }, { token: author.token })).status).toBe(404)
    expect((await call(app, EXPO, 'expo$listComments', { exhibitionId: 999_999 }, { token: await visitorToken(app) })).status).toBe(404)
  })

  it('when the author deletes their comment, then it is gone; someone else gets 403, a missing one 404', async () => {
    const exhibitionId = await addExhibition(db)
    const author = await signedUp(app, db)
    const other = await signedUp(app, db)
    const posted = await call(app, EXPO, 'expo$postComment', { exhibitionId, body: 'Mine' }, { token: author.token })
    const id = posted.body.data.id as number
    const foreign = await call(app, EXPO, 'expo$deleteComment', { id }, { token: other.token })
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBe('account:comments.errors.notYours')
    expect((await call(app, EXPO, 'expo$deleteComment', { id }, { token: await visitorToken(app) })).status).toBe(401)
    expect((await call(app, EXPO, 'expo$deleteComment', { id }, { token: author.token })).body).toMatchObject({ ErrorCode: 200, data: { deleted: true } })
    expect((await call(app, EXPO, 'expo$deleteComment', { id }, { token: author.token })).status).toBe(404)
    expect((await call(app, EXPO, 'expo$deleteComment', { id: 'x' }, { token: author.token })).status).toBe(400)
    expect((await call(app, EXPO, 'expo$listComments', { exhibitionId }, { token: author.token })).body.data.total).toBe(0)
  })

  it('when there are many comments, then they come newest first, 20 a page, with "mine" for the caller', async () => {
    const exhibitionId = await addExhibition(db)
    const author = await signedUp(app, db)
    const reader = await signedUp(app, db)
    await db.query(`insert into exhibition_comments (exhibition_id, account_id, body) select $1, $2, 'Comment ' || n from generate_series(1, 25) as n`, [
      exhibitionId,
      author.user.userId,
    ])
    const first = await call(app, EXPO, 'expo$listComments', { exhibitionId }, { token: author.token })
    expect(first.body.data.items).toHaveLength(20)
    expect(first.body.data.items[0].body).toBe('Comment 25')
    expect(first.body.data.items.every((item: { mine: boolean }) => item.mine)).toBe(true)
    expect(first.body.data.total).toBe(25)
    const second = await call(app, EXPO, 'expo$listComments', { exhibitionId, before: first.body.data.nextBefore }, { token: reader.token })
    expect(second.body.data.items.map((item: { body: string }) => item.body)).toEqual(['Comment 5', 'Comment 4', 'Comment 3', 'Comment 2', 'Comment 1'])
    expect(second.body.data.nextBefore).toBeNull()
    expect(second.body.data.items.some((item: { mine: boolean }) => item.mine)).toBe(false)
    for (const payload of [{ exhibitionId, limit: 0 }, { exhibitionId, limit: 51 }, { exhibitionId, before: 0 }, {}]) {
      expect((await call(app, EXPO, 'expo$listComments', payload, { token: reader.token })).status).toBe(400)
    }
  })

  it('when a user posts more than 5 comments in a minute, then 429 with the wait', async () => {
    const exhibitionId = await addExhibition(db)
    const author = await signedUp(app, db)
    for (let index = 0; index < 5; index++) {
      expect((await call(app, EXPO, 'expo$postComment', { exhibitionId, body: `Quick ${index}` }, { token: author.token, ip: someIp() })).status).toBe(200)
    }
    const sixth = await call(app, EXPO, 'expo$postComment', { exhibitionId, body: 'One too many' }, { token: author.token, ip: someIp() })
    expect(sixth.status).toBe(429)
    expect(sixth.body.message).toBe('errors.rateLimited')
    expect(sixth.body.data.seconds).toBeGreaterThan(0)
  })
})

describe('follows (attentionevaluation)', () => {
  it('when a user follows and unfollows an exhibition, then the state and the follower count follow; a visitor sees the count only', async () => {
    const exhibitionId = String(await addExhibition(db))
    const fan = await signedUp(app, db)
    const followed = await call(app, ATTENTION, 'attention$follow', { kind: 'exhibition', id: exhibitionId, follow: true }, { token: fan.token })
    expect(followed.body.data).toEqual({ kind: 'exhibition', id: exhibitionId, following: true, followers: 1 })
    // Following twice is still one follow.
    expect(
      (await call(app, ATTENTION, 'attention$follow', { kind: 'exhibition', id: exhibitionId, follow: true }, { token: fan.token })).body.data.followers,
    ).toBe(1)
    const visitor = await call(app, ATTENTION, 'attention$status', { kind: 'exhibition', ids: [exhibitionId, '999999'] }, { token: await visitorToken(app) })
    expect(visitor.body.data.items).toEqual([
      { kind: 'exhibition', id: exhibitionId, following: false, followers: 1 },
      { kind: 'exhibition', id: '999999', following: false, followers: 0 },
    ])
    const mine = await call(app, ATTENTION, 'attention$status', { kind: 'exhibition', ids: [exhibitionId] }, { token: fan.token })
    expect(mine.body.data.items[0].following).toBe(true)
    const unfollowed = await call(app, ATTENTION, 'attention$follow', { kind: 'exhibition', id: exhibitionId, follow: false }, { token: fan.token })
    expect(unfollowed.body.data).toMatchObject({ following: false, followers: 0 })
  })

  it('when the target does not exist or the payload is wrong, then 404 or 400; a visitor cannot follow', async () => {
    const fan = await signedUp(app, db)
    expect((await call(app, ATTENTION, 'attention$follow', { kind: 'exhibition', id: '999999', follow: true }, { token: fan.token })).status).toBe(404)
    expect((await call(app, ATTENTION, 'attention$follow', { kind: 'broker', id: 'NO-SUCH-BROKER', follow: true }, { token: fan.token })).status).toBe(404)
    for (const payload of [
      { kind: 'person', id: '1', follow: true },
      { kind: 'exhibition', id: '../1', follow: true },
      { kind: 'exhibition', id: '1', follow: 'yes' },
      { kind: 'exhibition', follow: true },
    ]) {
      expect((await call(app, ATTENTION, 'attention$follow', payload, { token: fan.token })).status).toBe(400)
    }
    expect((await call(app, ATTENTION, 'attention$status', { kind: 'exhibition', ids: [] }, { token: fan.token })).status).toBe(400)
    expect((await call(app, ATTENTION, 'attention$status', { kind: 'exhibition', ids: Array(51).fill('1') }, { token: fan.token })).status).toBe(400)
    const exhibitionId = String(await addExhibition(db))
    expect(
      (await call(app, ATTENTION, 'attention$follow', { kind: 'exhibition', id: exhibitionId, follow: true }, { token: await visitorToken(app) })).status,
    ).toBe(401)
  })
})

describe('random input never breaks anything', () => {
  it('when the login forms and the session endpoint get arbitrary fields, then the answer is never a 500', async () => {
    fc.configureGlobal({ baseSize: 'large' })
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('', ' ', '<script>', '\u0000', 'a'.repeat(300), 'user@example.com', '123456'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('signin', 'register', 'verify', 'resend', 'forgot', 'reset'),
        fc.dictionary(fc.constantFrom('email', 'password', 'nick', 'code', 'lang', 'return', 'x'), value),
        async (step, fields) => {
          const response = await postForm(app, step, fields, someIp())
          expect(response.status).toBeLessThan(500)
        },
      ),
      { numRuns: 40 },
    )
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const response = await request(app)
          .post('/api/session')
          .set('Origin', 'http://localhost:3000')
          .send(JSON.stringify(body) ?? 'null')
          .set('Content-Type', 'application/json')
        expect(response.status).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
  })
})

describe('housekeeping', () => {
  it('when sessions, codes and OAuth2 codes are long over, then the cleanup removes them and keeps live ones', async () => {
    const { deleteStale } = await import('../../server/platform/accounts/accounts.repo.ts')
    const live = await signedUp(app, db)
    const ended = await signedUp(app, db)
    const liveSession = live.login.split('.')[0]
    const endedSession = ended.login.split('.')[0]
    await db.query("update sessions set revoked_at = now() - interval '8 days' where id = $1", [endedSession])
    await postForm(app, 'forgot', { lang: 'en', email: live.email }, someIp())
    await db.query("update account_codes set expires_at = now() - interval '1 minute'")
    await deleteStale(db)
    const left = (await db.query<{ id: string }>('select id from sessions where id = any($1::uuid[])', [[liveSession, endedSession]])).rows.map((row) => row.id)
    expect(left).toEqual([liveSession])
    expect((await db.query('select 1 from account_codes')).rows).toHaveLength(0)
  })
})
