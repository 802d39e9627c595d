import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import { CONSOLE_ACCESS, STAFF_ROLES, type StaffRole } from '../../shared/rules/console-access.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, later, SITE, setMoment, setUpMember, someStaffEmail } from './console-helpers.ts'

let app: App
let db: Database

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
  await resetDatabase(db)
  setMoment('2027-04-01T08:00:00Z')
})

afterAll(() => {
  vi.useRealTimers()
})

/** A payload each function accepts, so that an allowed call is never refused for its payload. */
const PAYLOADS: Record<keyof typeof CONSOLE_ACCESS, () => unknown> = {
  signOut: () => ({}),
  me: () => ({}),
  setLanguage: () => ({ language: 'zh-cn' }),
  sessions: () => ({}),
  endSession: () => ({ id: randomUUID() }),
  staffList: () => ({}),
  invite: () => ({ email: someStaffEmail(), name: 'New Member', roles: ['support'], exhibitionIds: null }),
  updateMember: () => ({ id: randomUUID(), roles: ['editor'] }),
  resetSecondFactor: () => ({ id: randomUUID() }),
  auditList: () => ({ page: 1 }),
  goingLive: () => ({}),
  orderList: () => ({ page: 1, search: 'Chen' }),
  orderDetail: () => ({ number: 'T-0000000000' }),
  resendTickets: () => ({ number: 'T-0000000000' }),
  changeAttendee: () => ({
    number: 'T-0000000000',
    attendeeId: randomUUID(),
    attendee: {
      firstName: 'Mei',
      lastName: 'Chen',
      email: 'mei.chen@example.org',
      phone: { country: 'GB', number: '+44 7700 900123' },
      identity: 'trader',
      industry: 'fintech',
    },
  }),
  cancelOrder: () => ({ number: 'T-0000000000', refund: false }),
  refundOrder: () => ({ number: 'T-0000000000', ticketIds: null, idempotencyKey: randomUUID() }),
  invoicePdf: () => ({ number: 'T-0000000000', document: 'INV-2027-000001' }),
  invoicing: () => ({}),
  saveInvoicing: () => ({ legalName: 'Expo Ltd', address: '1 Road', country: 'SG', taxId: 'GST-1', prefix: 'INV', defaultRate: '9', rates: [], version: 0 }),
  paymentQueue: () => ({ page: 1 }),
  bankTransfer: () => ({ exhibitionId: 999999 }),
  saveBankTransfer: () => ({
    exhibitionId: 999999,
    enabled: true,
    holder: 'Expo Ltd',
    accountKind: 'iban',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    deadlineDays: 7,
  }),
  importStatement: () => ({ exhibitionId: 999999, statement: 'Amount,Currency,Reference\n299.00,EUR,x\n' }),
  matchTransfer: () => ({ exhibitionId: 999999, reference: 'RF19 KMXC DWHE', amount: '299.00', currency: 'EUR' }),
  decideTransfer: () => ({ transferId: '999999', decision: 'return' }),
  dashboard: () => ({ exhibitionId: 999999 }),
  exhibitionList: () => ({}),
  exhibitionDetail: () => ({ id: 999999 }),
  saveExhibition: () => ({
    id: 999999,
    slug: 'no-such-fair',
    kind: 'exhibition',
    timeZone: 'UTC',
    startsAt: '2031-01-01T09:00',
    endsAt: '2031-01-01T18:00',
    salesOpenAt: null,
    salesCloseAt: null,
    city: 'London',
    countryCode: 'GB',
    region: 'europe',
    texts: { en: { title: 'Fair', summary: '', venueName: '' } },
  }),
  publishExhibition: () => ({ id: 999999, published: true }),
  saveTicketType: () => ({
    exhibitionId: 999999,
    key: 'standard',
    priceMinor: 100,
    currency: 'GBP',
    capacity: 1,
    maxPerOrder: 1,
    salesStartAt: null,
    salesEndAt: null,
    active: true,
    sort: 0,
    texts: { en: { name: 'Pass', description: '' } },
  }),
  couponList: () => ({ exhibitionId: 999999 }),
  waitingList: () => ({ ticketTypeId: 999999 }),
  offerWaitingEntry: () => ({ entryId: '999999' }),
  removeWaitingEntry: () => ({ entryId: '999999' }),
  saveWaitingHours: () => ({ ticketTypeId: 999999, offerHours: 12 }),
  saveCoupon: () => ({
    exhibitionId: 999999,
    code: 'NOSUCH10',
    kind: 'percent',
    percentOff: 10,
    amountOffMinor: null,
    currency: null,
    maxUses: 1,
    perAccountLimit: null,
    validFrom: null,
    validUntil: null,
    ticketTypeIds: [],
    active: true,
  }),
  generateCoupons: () => ({
    exhibitionId: 999999,
    prefix: 'NOSUCH',
    count: 2,
    kind: 'percent',
    percentOff: 10,
    amountOffMinor: null,
    currency: null,
    maxUses: 1,
    perAccountLimit: null,
    validFrom: null,
    validUntil: null,
    ticketTypeIds: [],
    active: true,
  }),
  couponOrders: () => ({ exhibitionId: 999999, id: 999999 }),
  checkinExhibitions: () => ({}),
  checkinList: () => ({ exhibitionId: 999999 }),
  checkinSync: () => ({ exhibitionId: 999999, deviceId: 'door-1', scans: [] }),
  surveyEditor: () => ({ exhibitionId: 999999 }),
  saveSurveyQuestion: () => ({ exhibitionId: 999999, kind: 'rating', required: true, texts: { en: { text: 'How was it?', options: [] } } }),
  deleteSurveyQuestion: () => ({ exhibitionId: 999999, id: 999999 }),
  reorderSurveyQuestions: () => ({ exhibitionId: 999999, ids: [] }),
  ticketQuestionEditor: () => ({ exhibitionId: 999999 }),
  saveTicketQuestion: () => ({ exhibitionId: 999999, kind: 'text', required: true, texts: { en: { text: 'Your desk?' } } }),
  deleteTicketQuestion: () => ({ exhibitionId: 999999, id: 999999 }),
  reorderTicketQuestions: () => ({ exhibitionId: 999999, ids: [] }),
  surveyResults: () => ({ exhibitionId: 999999 }),
  registerChannels: () => ({ search: '+44 20 7946 0000', state: 'current' }),
  saveRegisterChannel: () => ({ id: 999999, kind: 'email', value: 'nobody@example.org', purpose: 'general', since: '2020-01-01' }),
  retireRegisterChannel: () => ({ id: 999999, on: '2027-01-01' }),
  registerDocuments: () => ({ search: 'agreement' }),
  addRegisterDocument: () => ({ sha256: 'f'.repeat(64), title: 'Agreement', issuedTo: 'Example Ltd', issuedOn: '2026-01-01', shownTo: 'parties' }),
  retireRegisterDocument: () => ({ id: 999999, on: '2027-01-01' }),
  registerLookups: () => ({ page: 1 }),
  channelSubmissions: () => ({ page: 1 }),
  approveChannelSubmission: () => ({ id: 999999, validUntil: '2099-01-01' }),
  rejectChannelSubmission: () => ({ id: 999999, reason: 'Not theirs' }),
  scamReportGroups: () => ({ status: 'new' }),
  scamReportGroup: () => ({ id: 999999 }),
  setScamReportStatus: () => ({ id: 999999, status: 'investigating' }),
  noteScamReportGroup: () => ({ id: 999999, body: 'Called the number: voicemail in our name' }),
  mergeScamReportGroups: () => ({ from: 999998, into: 999999 }),
  replyToScamReporter: () => ({ reportId: 999999, body: 'Thank you, we have blocked it.' }),
  scamAlertList: () => ({ page: 1 }),
  saveScamAlert: () => ({ kind: 'domain', value: 'aurum-expo-alert.com', firstSeen: '2020-01-01', summary: { en: 'A fake ticket shop.' } }),
  withdrawScamAlert: () => ({ id: 999999 }),
  applicationList: () => ({ page: 1, search: 'Acme', kind: 'exhibitor', status: 'received' }),
  applicationDetail: () => ({ reference: 'EX-00000000' }),
  decideApplication: () => ({ reference: 'EX-00000000', status: 'accepted', expected: 'received', applicantNote: 'Welcome.' }),
  exhibitorList: () => ({ page: 1, search: 'Acme', kind: 'broker', stage: 'accepted' }),
  exhibitorDetail: () => ({ exhibitorId: 999999 }),
  resendExhibitorInvitation: () => ({ exhibitorId: 999999, invitationId: 1 }),
  setExhibitorPassGrant: () => ({ exhibitorId: 999999, grant: 1 }),
  leadCapture: () => ({ exhibitionId: 999999 }),
  setLeadCapture: () => ({ exhibitionId: 999999, enabled: true }),
  floorPlanEditor: () => ({ exhibitionId: 999999 }),
  saveHall: () => ({ exhibitionId: 999999, label: 'A', width: 300, depth: 200 }),
  deleteHall: () => ({ exhibitionId: 999999, id: 999999, version: 1 }),
  saveBooth: () => ({ exhibitionId: 999999, hallId: 999999, number: 'B12', x: 0, y: 0, w: 30, h: 30, type: 'shell', priceMinor: 100, currency: 'USD' }),
  deleteBooth: () => ({ exhibitionId: 999999, id: 999999, version: 1 }),
  assignBooth: () => ({ exhibitionId: 999999, id: 999999, version: 1, exhibitorId: null }),
  setBoothSelection: () => ({ exhibitionId: 999999, open: true }),
  exhibitorTaskBoard: () => ({ exhibitionId: 999999 }),
  saveExhibitorTask: () => ({ exhibitionId: 999999, kind: 'custom', dueOn: '2027-05-01', texts: { en: { title: 'Read the manual', instructions: '' } } }),
  reorderExhibitorTasks: () => ({ exhibitionId: 999999, ids: [] }),
  deleteExhibitorTask: () => ({ exhibitionId: 999999, id: 1, version: 1 }),
  exhibitorTaskStates: () => ({ exhibitorId: 999999 }),
  visitorSearch: () => ({ query: 'ada@', page: 1 }),
  visitorDetail: () => ({ id: randomUUID() }),
  endVisitorSessions: () => ({ id: randomUUID() }),
  blockVisitor: () => ({ id: randomUUID(), reason: 'Card fraud' }),
  unblockVisitor: () => ({ id: randomUUID() }),
  exportVisitorData: () => ({ id: randomUUID() }),
  deleteVisitor: () => ({ id: randomUUID(), confirmEmail: 'ada@example.com' }),
  editorialList: () => ({ kind: 'news', state: 'draft', search: 'fair' }),
  editorialDetail: () => ({ kind: 'news', id: 999999 }),
  saveEditorial: () => ({ kind: 'bulletin', slug: `access-${randomUUID().slice(0, 8)}`, texts: { en: { title: 'Doors open', body: 'At nine.' } } }),
  publishEditorial: () => ({ kind: 'news', id: 999999, expected: 'x' }),
  scheduleEditorial: () => ({ kind: 'news', id: 999999, expected: 'x', at: '2031-01-01T09:00:00Z' }),
  unpublishEditorial: () => ({ kind: 'news', id: 999999, expected: 'x' }),
  deleteEditorial: () => ({ kind: 'news', id: 999999, expected: 'x' }),
  editorialPreviewLink: () => ({ kind: 'news', id: 999999, locale: 'en' }),
  editorialRender: () => ({ kind: 'news', locale: 'zh-hk', texts: { en: { title: 'Hello', summary: 'Hi', body: '**Hi**' } } }),
  commentList: () => ({ page: 1, search: 'spam', state: 'hidden' }),
  hideComment: () => ({ id: 999999, reason: 'Advertising' }),
  restoreComment: () => ({ id: 999999, note: 'Fine after all' }),
  blockCommenter: () => ({ accountId: randomUUID(), reason: 'Repeated advertising', until: null, hideComments: true }),
  unblockCommenter: () => ({ accountId: randomUUID() }),
  contentExhibitions: () => ({}),
  exhibitionContent: () => ({ id: 999999 }),
  saveExhibitionContent: () => ({ id: 999999, version: 'x', part: 'map', map: { lat: null, lng: null, mapImage: null, mapZoom: 15 } }),
  advertList: () => ({}),
  saveAdvert: () => ({
    id: 999999,
    version: 'x',
    image: '/demo/x.svg',
    width: 10,
    height: 10,
    link: '/brandExhibition.html',
    texts: { en: { title: 'A', cta: 'Go', alt: 'A' } },
  }),
  publishAdvert: () => ({ id: 999999, version: 'x', published: true }),
  mediaList: () => ({ page: 1, search: 'poster' }),
  mediaDetail: () => ({ id: '0123456789abcdef0123456789abcdef' }),
  saveMedia: () => ({ id: '0123456789abcdef0123456789abcdef', alt: { en: 'A hall' }, name: 'hall.jpg' }),
  deleteMedia: () => ({ id: '0123456789abcdef0123456789abcdef' }),
  messageList: () => ({ exhibitionId: 999999, id: 1 }),
  previewMessage: () => ({ exhibitionId: 999999, audience: 'attendees', kind: 'marketing', texts: { en: { subject: 'Hello', body: 'Hi' } }, language: 'en' }),
  sendMessage: () => ({ exhibitionId: 999999, audience: 'attendees', kind: 'marketing', texts: { en: { subject: 'Hello', body: 'Hi' } } }),
  cancelMessage: () => ({ exhibitionId: 999999, id: 1 }),
  reminderSettings: () => ({ exhibitionId: 999999 }),
  saveReminders: () => ({ exhibitionId: 999999, enabled: true, offsetHours: [168, 24] }),
}

describe('who may call which console function (the table of shared/rules/console-access.ts)', () => {
  // One test per role: some 150 functions each, which together outgrew one test's time on a busy machine.
  it.each(STAFF_ROLES)('when a member who is %s calls each staff function, then the allowed ones are not refused and the others answer 403', async (role) => {
    const member = await setUpMember(app, db, [role])
    // Signing out ends the session the other calls use: last.
    const names = (Object.keys(CONSOLE_ACCESS) as Array<keyof typeof CONSOLE_ACCESS>).sort((a, b) => Number(a === 'signOut') - Number(b === 'signOut'))
    const outcome: string[] = []
    for (const name of names) {
      const allowed = role === 'owner' || (CONSOLE_ACCESS[name] as readonly StaffRole[]).includes(role)
      const answer = await consoleCall(app, name, PAYLOADS[name](), { cookie: member.cookie })
      expect(answer.headers['cache-control'], `${name} as ${role}`).toBe('private, no-store')
      if (allowed) expect([answer.status, answer.body.message], `${name} as ${role}`).not.toEqual([403, 'errors.forbidden'])
      else expect([answer.status, answer.body.message], `${name} as ${role}`).toEqual([403, 'errors.forbidden'])
      expect(answer.status, `${name} as ${role}: ${JSON.stringify(answer.body)}`).toBeLessThan(500)
      outcome.push(`${name}:${answer.status}`)
    }
    expect(outcome).toHaveLength(names.length)
  })

  it('when a call has no staff session, then every staff function answers 401 and the public ones still answer', async () => {
    for (const [name, address] of Object.entries(CONSOLE)) {
      const answer = await consoleCall(app, name, name in PAYLOADS ? PAYLOADS[name as keyof typeof PAYLOADS]() : {})
      if (address.access === 'staff') expect([answer.status, answer.body.message], name).toEqual([401, 'errors.staffLoginRequired'])
      else expect(answer.status, name).not.toBe(401)
    }
    const forged = await consoleCall(app, 'me', {}, { cookie: 'staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
    expect(forged.status).toBe(401)
  })

  it('when a call comes from another site or without the console header, then it is refused with 403 before anything else', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const foreign = await consoleCall(app, 'me', {}, { cookie: owner.cookie, origin: 'https://evil.example' })
    expect([foreign.status, foreign.body.message]).toEqual([403, 'errors.consoleRequest'])
    expect(foreign.headers['cache-control']).toBe('private, no-store')
    const noOrigin = await consoleCall(app, 'invite', PAYLOADS.invite(), { cookie: owner.cookie, origin: null })
    expect([noOrigin.status, noOrigin.body.message]).toEqual([403, 'errors.consoleRequest'])
    const noHeader = await consoleCall(app, 'staffList', {}, { cookie: owner.cookie, consoleHeader: false })
    expect([noHeader.status, noHeader.body.message]).toEqual([403, 'errors.consoleRequest'])
    const signIn = await consoleCall(app, 'signIn', { email: owner.email, password: 'x', code: '123456' }, { origin: 'http://localhost:3000.evil.example' })
    expect(signIn.status).toBe(403)
    // A form on another site cannot set the header: the same call with it passes.
    expect((await consoleCall(app, 'me', {}, { cookie: owner.cookie })).status).toBe(200)
  })

  it('when a member is idle longer than STAFF_IDLE_MINUTES, then the session has ended; calls in between keep it alive', async () => {
    const member = await setUpMember(app, db, ['editor'])
    later(20 * 60)
    expect((await consoleCall(app, 'me', {}, { cookie: member.cookie })).status).toBe(200)
    later(20 * 60)
    expect((await consoleCall(app, 'me', {}, { cookie: member.cookie })).status).toBe(200)
    later(30 * 60 + 1)
    const idle = await consoleCall(app, 'me', {}, { cookie: member.cookie })
    expect([idle.status, idle.body.message]).toEqual([401, 'errors.staffLoginRequired'])
  })

  it('when a session is twelve hours old, then it ends however busy it was', async () => {
    const member = await setUpMember(app, db, ['checkin'])
    for (let hour = 0; hour < 12 * 4 - 1; hour++) {
      later(15 * 60)
      expect((await consoleCall(app, 'me', {}, { cookie: member.cookie })).status).toBe(200)
    }
    later(15 * 60)
    expect((await consoleCall(app, 'me', {}, { cookie: member.cookie })).status).toBe(401)
  })
})

describe('console answers outside any function', () => {
  it('when the console gateway is asked wrongly, then the refusal is private too', async () => {
    const unknown = await consoleCall(app, 'noSuchFunction')
    expect([unknown.status, unknown.headers['cache-control']]).toEqual([404, 'private, no-store'])
    const get = await request(app).get('/gateway/console')
    expect([get.status, get.headers['cache-control']]).toEqual([405, 'private, no-store'])
    const noRoutes = await request(app).post('/gateway/console').set('Origin', SITE).set('X-Console-Request', '1').send({})
    expect([noRoutes.status, noRoutes.headers['cache-control']]).toEqual([400, 'private, no-store'])
  })
})
