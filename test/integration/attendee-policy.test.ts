import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, call } from './tickets-helpers.ts'

/**
 * The organiser's cut-off for attendee changes and refund policy (docs/product.md#attendee-changes,
 * docs/product.md#refund-policy): set on the exhibition form by managers, audited, checked, on the venue's
 * clock, and published to visitors with the ticket types as instants.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let manager: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  manager = await setUpMember(app, db, ['manager'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

/** Bangkok has no summer time: 09:00 there is 02:00 UTC all year. */
const exhibitionInput = (policy: Record<string, unknown> = {}) => ({
  slug: `fair-${randomUUID().slice(0, 8)}`,
  kind: 'exhibition',
  timeZone: 'Asia/Bangkok',
  startsAt: '2031-03-10T09:00',
  endsAt: '2031-03-11T18:00',
  salesOpenAt: '2030-01-01T10:00',
  salesCloseAt: null,
  city: 'Bangkok',
  countryCode: 'TH',
  region: 'asia',
  texts: { en: { title: 'Bangkok Fintech Expo', summary: '', venueName: 'QSNCC' } },
  ...policy,
})

const policy = {
  attendeeChangesUntil: '2031-03-08T18:00',
  selfCancel: true,
  refundFullUntil: '2031-02-01T00:00',
  refundPartialUntil: '2031-03-01T00:00',
  refundPartialPercent: 50,
}

describe('attendee changes and refund policy on the exhibition form', () => {
  it('when a manager sets the policy, then it is audited, read back on the venue clock and published to visitors as instants', async () => {
    const made = (await staff(manager, 'saveExhibition', exhibitionInput()).expect(200)).body.data.exhibition
    expect(made).toMatchObject({ attendeeChangesUntil: null, selfCancel: false, refundFullUntil: null, refundPartialUntil: null, refundPartialPercent: null })
    const saved = await staff(manager, 'saveExhibition', { ...exhibitionInput(policy), slug: 'bangkok-policy', id: made.id }).expect(200)
    expect(saved.body.data.exhibition).toMatchObject(policy)
    const audit = (
      await db.query<{ before: Record<string, unknown>; after: Record<string, unknown>; staff_id: string }>(
        "select before, after, staff_id from staff_audit where function = 'console$saveExhibition' and target = $1 order by id",
        [`exhibition:${made.id}`],
      )
    ).rows
    expect(audit).toHaveLength(2)
    expect(audit[1]).toMatchObject({ before: { selfCancel: false, refundPartialPercent: null }, after: policy, staff_id: manager.id })

    await staff(manager, 'publishExhibition', { id: made.id, published: true }).expect(200)
    const token = platform.tokens.issue({ kind: 'visitor', visitorId: 'v1' }).access_token
    const visitor = (await call(app, 'tickets$ticketTypes', token, { exhibitionId: made.id }).expect(200)).body.data.exhibition
    expect(visitor).toMatchObject({
      attendeeChangesUntil: '2031-03-08T11:00:00.000Z',
      refundPolicy: { selfCancel: true, fullUntil: '2031-01-31T17:00:00.000Z', partialUntil: '2031-02-28T17:00:00.000Z', partialPercent: 50 },
    })
  })

  it('when self-cancellation is off, then the refund dates are cleared, not kept unseen', async () => {
    const saved = await staff(manager, 'saveExhibition', exhibitionInput({ ...policy, selfCancel: false })).expect(200)
    expect(saved.body.data.exhibition).toMatchObject({
      attendeeChangesUntil: '2031-03-08T18:00',
      selfCancel: false,
      refundFullUntil: null,
      refundPartialUntil: null,
      refundPartialPercent: null,
    })
  })

  it('when the policy does not hold together, then a translated 400 names the field and nothing is written', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ attendeeChangesUntil: '2031-03-12T09:00' }, 'attendeeChangesUntil', 'console:errors.afterEnd'],
      [{ refundFullUntil: '2031-03-12T09:00' }, 'refundFullUntil', 'console:errors.afterEnd'],
      [{ refundPartialUntil: '2031-02-01T00:00' }, 'refundPartialUntil', 'console:errors.partialBeforeFull'],
      [{ refundPartialPercent: null }, 'refundPartialPercent', 'console:errors.refundPercent'],
      [{ refundPartialPercent: 100 }, 'refundPartialPercent', 'console:errors.refundPercent'],
      [{ refundPartialPercent: 12.5 }, 'refundPartialPercent', 'console:errors.refundPercent'],
      [{ refundFullUntil: '2031-02-30T00:00' }, 'refundFullUntil', 'console:errors.localTime'],
    ]
    for (const [change, field, message] of cases) {
      const answer = await staff(manager, 'saveExhibition', exhibitionInput({ ...policy, ...change }))
      expect(answer.status, field).toBe(400)
      expect(JSON.stringify(answer.body), field).toContain(`"${field}":"${message}"`)
    }
    expect((await db.query("select count(*)::int as n from staff_audit where function = 'console$saveExhibition'")).rows).toEqual([{ n: 0 }])
  })

  it('when a member without the manager role saves the policy, then the answer is 403', async () => {
    const editor = await setUpMember(app, db, ['editor'])
    await staff(editor, 'saveExhibition', exhibitionInput(policy)).expect(403)
  })
})
