import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { answer, doorBrowser, scan, showToCamera } from './door-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, hydrated, mailText, PHONE } from './fixtures.ts'

/**
 * The exhibitor's whole journey (docs/product.md#exhibitors), one person after another, each in a
 * browser of their own and each step through the screens a person uses: a visitor signs in, applies
 * to exhibit with the form; a manager accepts the application in the console; the applicant, now the
 * exhibitor's administrator, writes the profile in English and Simplified Chinese, invites a
 * colleague (who accepts from the mailed link), submits a phone and a wallet for verification, holds
 * a booth from the list once the manager lets exhibitors choose, pays for it in the sandbox, reads
 * the invoice PDF, names two team passes; the verifier approves the phone; a visitor finds the
 * booth and the verified phone on the directory and the exhibitor's page in English and Chinese, and
 * the verification page answers the phone as the exhibitor's; the door lets a pass in as an
 * exhibitor's. The exhibitor's steps at 375 px, the console's at 1280 px.
 *
 * Set up in the site's database beforehand, as the organiser's own tools would have left it: the
 * exhibition with its hall and two booths, the staff (console-kit.ts), and the two people's visitor
 * accounts as the login page stores them (signing up has its own spec).
 */
type Json = Record<string, unknown>
const bundle = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Json
/** A string of a locale file by its dotted key, placeholders filled. */
function text(tree: Json, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Json | undefined)?.[part], tree)
  if (typeof found !== 'string') throw new Error(`no string ${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''))
}
const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const EN = {
  exhibitor: bundle('en', 'exhibitor'),
  login: bundle('en', 'login'),
  apply: bundle('en', 'apply'),
  tickets: bundle('en', 'tickets'),
  payment: bundle('en', 'payment'),
  directory: bundle('en', 'directory'),
  verify: bundle('en', 'verify'),
}
const ZH = { directory: bundle('zh-cn', 'directory'), verify: bundle('zh-cn', 'verify') }

const tag = unique()
const PASSWORD = 'exhibitor journey password 2026'
const STAFF_PASSWORD = 'correct horse battery staple'
const CONSOLE_EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const APPLICANT = `wang.journey-${tag}@example.cn`
const COLLEAGUE = `li.journey-${tag}@example.cn`
const COMPANY = { en: 'Wang Xiaoming Trading Co., Ltd.', zh: '王小明贸易有限公司' }
const INVOICE_TO = { name: 'Wang Xiaoming Trading Co., Ltd.', taxId: '201912345K', address: '8 Marina View, Singapore 018960' }
/** A Singapore landline of the run's own: the register holds each value once, for one owner. */
const PHONE_NUMBER = `+65 6${100 + Math.floor(Math.random() * 900)} ${1000 + Math.floor(Math.random() * 9000)}`
const WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const PEOPLE = {
  wang: { first: '小明', last: '王', email: `xiaoming-${tag}@example.cn`, phone: '+65 9123 4567' },
  ada: { first: 'Ada', last: 'Lovelace', email: `ada-${tag}@example.com`, phone: '+65 9123 4568' },
}
const OUTBOX = join(`data/e2e-console-${CONSOLE_PORT}`, 'outbox')

let exhibitionId: number
let exhibition: { en: string; zh: string }
const staff = { manager: '', verifier: '', door: '' }

/** The decoded text parts of the mails sent to an address (the outbox worker writes them once their transaction commits). */
function mailsTo(email: string): string[] {
  if (!existsSync(OUTBOX)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(OUTBOX)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) =>
      readFileSync(join(OUTBOX, file), 'utf8')
        .split(/\r?\n--[^\r\n]+\r?\n/)
        .map(mailText)
        .join('\n'),
    )
}

/** What the people's browsers logged: console errors, page errors, hydration warnings (as fixtures.ts checks the test's own page). */
const problems: string[] = []

/** A person's own browser: a context at their width, from their own address. */
async function person(browser: Browser, viewport: typeof PHONE, ip: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': ip }, acceptDownloads: true })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match|server rendered/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return { context, page }
}

/** Logs in through the login frame that the page's own button opened. */
async function logIn(page: Page, email: string) {
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(text(EN.login, 'fields.email')).fill(email)
  await frame.getByLabel(text(EN.login, 'fields.password'), { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: text(EN.login, 'actions.signin'), exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
}

async function staffMember(browser: Browser, link: string, ip: string): Promise<{ context: BrowserContext; page: Page }> {
  const member = await person(browser, DESKTOP, ip)
  await setUpAccount(member.page, link, STAFF_PASSWORD, CONSOLE_EN)
  await member.page.waitForURL(`${ORIGIN}/console`)
  return member
}

test.describe.configure({ mode: 'serial' })
// A step that cannot happen fails at once rather than at the end of the journey's time.
test.use({ actionTimeout: 15_000 })

test.beforeAll(async ({ consoleSite }) => {
  const { db } = consoleSite
  staff.manager = await consoleSite.addStaff(`mia.journey-${tag}@example.com`, 'manager', 'Mia Journey')
  staff.verifier = await consoleSite.addStaff(`vic.journey-${tag}@example.com`, 'verifier', 'Vic Journey')
  staff.door = await consoleSite.addStaff(`dora.journey-${tag}@example.com`, 'checkin', 'Dora Journey')
  exhibition = { en: `Singapore Brokers Expo ${tag}`, zh: `新加坡经纪商博览会 ${tag}` }
  const created = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ($1, 'exhibition', now() + interval '90 days', now() + interval '92 days', 'Asia/Singapore', 'Singapore', 'SG', 'asia', true, true)
     returning id`,
    [`singapore-brokers-${tag}`],
  )
  exhibitionId = Number(created.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', $2), ($1, 'zh-cn', $3)`, [
    exhibitionId,
    exhibition.en,
    exhibition.zh,
  ])
  await db.query(`insert into floor_plans (exhibition_id, currency) values ($1, 'SGD')`, [exhibitionId])
  const hall = await db.query<{ id: number }>(
    `insert into floor_plan_halls (exhibition_id, label, width_dm, depth_dm) values ($1, 'North', 200, 100) returning id`,
    [exhibitionId],
  )
  for (const [number, x] of [
    ['A1', 0],
    ['A2', 40],
  ] as const) {
    await db.query(
      `insert into booths (hall_id, exhibition_id, number, x_dm, y_dm, w_dm, h_dm, booth_type, price_minor, currency) values ($1, $2, $3, $4, 0, 30, 30, 'shell', 650000, 'SGD')`,
      [hall.rows[0]?.id, exhibitionId, number, x],
    )
  }
  await db.query(
    `insert into invoice_issuer (legal_name, address, country, tax_id, prefix, default_rate_bp) values ('Harbour Expo Organiser Pte Ltd', '1 Marina Boulevard', 'SG', 'M2-1234567-8', 'HEO', 600)
     on conflict (id) do nothing`,
  )
  await account(db, APPLICANT, 'Wang', PASSWORD)
  await account(db, COLLEAGUE, 'Li Na', PASSWORD)
})

test('an exhibitor from application to the door: apply, accepted, team, profile, channels, booth paid, passes, verified, listed, checked in', async ({
  browser,
  consoleSite,
}) => {
  test.setTimeout(300_000)
  const started = Date.now()
  const T = EN.exhibitor

  // The visitor signs in where the exhibitor area asks, and follows its way to apply.
  const applicant = await person(browser, PHONE, '8.12.30.41')
  const me = applicant.page
  await me.goto(`${ORIGIN}/en/exhibitor.html`)
  await hydrated(me)
  await me
    .getByRole('main')
    .getByRole('button', { name: text(T, 'login.button') })
    .click()
  await logIn(me, APPLICANT)
  await me.getByRole('link', { name: text(T, 'area.apply') }).click()
  await me.waitForURL(/\/en\/apply$/)
  await hydrated(me)
  const option = me.locator('#ex-exhibitionId option', { hasText: exhibition.en })
  await me.locator('#ex-exhibitionId').selectOption((await option.getAttribute('value')) ?? '')
  await me.locator('label[for="ex-boothSize"]').click()
  await me.locator('#ex-companyName').fill(COMPANY.en)
  await me.locator('#ex-contactPerson').fill('Wang Xiaoming')
  await me.locator('#ex-phone').fill('+65 9123 4567')
  await expect(me.locator('#ex-email')).toHaveValue(APPLICANT)
  await me.locator('label[for="ex-method"]').click()
  await me
    .locator('#apply-panel-exhibitor')
    .getByRole('button', { name: text(EN.apply, 'form.submit') })
    .click()
  const reference = (await me.getByTestId('application-reference').textContent()) ?? ''
  expect(reference).toMatch(/^EX-[0-9A-Z]{8}$/)

  // The manager accepts it in the console.
  const manager = await staffMember(browser, staff.manager, '8.12.30.42')
  const desk = manager.page
  await desk.goto(`${ORIGIN}/console/applications`)
  await hydrated(desk)
  await desk.getByLabel('Search', { exact: true }).fill(reference)
  await desk.getByRole('button', { name: 'Search' }).click()
  await desk
    .getByRole('row', { name: new RegExp(reference) })
    .getByRole('link', { name: reference })
    .click()
  await expect(desk.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible()
  await hydrated(desk)
  await desk.getByRole('radio', { name: 'Accepted' }).check()
  await desk.getByLabel('Note to the applicant').fill('Welcome: choose your booth in the exhibitor area.')
  await desk.getByRole('button', { name: 'Save and mail the applicant' }).click()
  await expect(desk.getByRole('status')).toHaveText('Saved: Accepted. The applicant has been mailed.')

  // The applicant, now its administrator, finds the exhibitor in the area.
  await me.goto(`${ORIGIN}/en/exhibitor.html`)
  await hydrated(me)
  const item = me.getByRole('listitem').filter({ has: me.getByRole('heading', { level: 3, name: COMPANY.en }) })
  await expect(item).toContainText(exhibition.en)
  await expect(item).toContainText(text(T, 'roles.admin'))
  await item.getByRole('link', { name: COMPANY.en }).click()
  await expect(me).toHaveURL(/\?id=\d+$/)
  const exhibitorId = Number(new URL(me.url()).searchParams.get('id'))
  await hydrated(me)

  // The profile in English and Simplified Chinese.
  await expect(me.locator('#profile-en-name')).toHaveValue(COMPANY.en)
  await me.locator('#profile-en-summary').fill('A licensed broker from Singapore.')
  await me.locator('#profile-en-description').fill('Wang Xiaoming Trading offers forex and CFD trading to traders across Asia.')
  await me.getByLabel(text(T, 'profile.website')).fill('wang-xiaoming.example.com')
  await me.getByLabel(text(T, 'profile.country')).selectOption('SG')
  await me.getByRole('radio', { name: text(T, 'kinds.broker') }).check()
  await me.getByRole('button', { name: text(T, 'profile.addLicence') }).click()
  await me.locator('#profile-licence-0-regulator').fill('MAS')
  await me.locator('#profile-licence-0-number').fill('CMS100999')
  await me.getByRole('tab', { name: /简体中文/ }).click()
  await me.locator('#profile-zh-cn-name').fill(COMPANY.zh)
  await me.locator('#profile-zh-cn-summary').fill('来自新加坡的持牌经纪商。')
  await me.locator('#profile-zh-cn-description').fill('王小明贸易为亚洲交易者提供外汇与差价合约交易。')
  await me.getByRole('button', { name: text(T, 'profile.save') }).click()
  await expect(me.getByRole('status').filter({ hasText: text(T, 'profile.saved') })).toBeVisible()
  await expect(me.getByRole('heading', { level: 2, name: text(T, 'gaps.complete') })).toBeVisible()

  // A colleague invited by e-mail accepts from the mailed link.
  await me.getByLabel(text(T, 'team.email')).fill(COLLEAGUE)
  await me.getByLabel(text(T, 'team.role')).selectOption('staff')
  await me.getByRole('button', { name: text(T, 'team.send') }).click()
  await expect(me.getByRole('status').filter({ hasText: text(T, 'team.sent', { email: COLLEAGUE }) })).toBeVisible()
  const invitation = /https?:\/\/[^\s"<]+\/en\/exhibitor\.html\?invitation=[A-Za-z0-9_-]{43}/
  await expect.poll(() => mailsTo(COLLEAGUE).some((mail) => invitation.test(mail)), { timeout: 20_000, message: 'the invitation mail' }).toBe(true)
  const link = invitation.exec(mailsTo(COLLEAGUE).findLast((mail) => invitation.test(mail)) ?? '')?.[0] as string
  const colleague = await person(browser, PHONE, '8.12.30.43')
  await colleague.page.goto(link)
  await hydrated(colleague.page)
  await colleague.page
    .getByRole('main')
    .getByRole('button', { name: text(T, 'login.button') })
    .click()
  await logIn(colleague.page, COLLEAGUE)
  await colleague.page.getByRole('button', { name: text(T, 'invitation.accept') }).click()
  await expect(colleague.page.getByRole('heading', { level: 1, name: COMPANY.en })).toBeVisible()
  await expect(colleague.page.getByText(text(T, 'profile.readOnly'))).toBeVisible()
  await colleague.context.close()

  // A phone and a wallet for the verifier.
  const channels = me.getByRole('region', { name: text(T, 'channels.title') })
  await channels.getByLabel(text(T, 'channels.kind')).selectOption({ label: text(EN.verify, 'types.phone') })
  await channels.getByLabel(text(T, 'channels.value')).fill(PHONE_NUMBER)
  await channels.getByRole('button', { name: text(T, 'channels.submit') }).click()
  await expect(channels.getByRole('status')).toHaveText(text(T, 'channels.sent', { value: PHONE_NUMBER }))
  await channels.getByLabel(text(T, 'channels.kind')).selectOption({ label: text(EN.verify, 'types.usdtTrc20') })
  await channels.getByLabel(text(T, 'channels.value')).fill(WALLET)
  await channels.getByRole('button', { name: text(T, 'channels.submit') }).click()
  await expect(channels.getByRole('status')).toHaveText(text(T, 'channels.sent', { value: WALLET }))
  const booth = me.getByRole('region', { name: text(T, 'booth.title') })
  await expect(booth).toContainText(text(T, 'booth.organiserAssigns'))

  // The manager names the hall in Chinese, lets exhibitors choose their booths and grants the team two passes.
  await desk.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/floor-plan`)
  await hydrated(desk)
  await desk.getByRole('button', { name: 'Edit hall North' }).click()
  await desk.getByText('Name in other languages').click()
  await desk.getByLabel('Name in 简体中文 (zh-cn)').fill('北')
  await desk.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(desk.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  const selection = desk.getByRole('form', { name: 'Booth self-selection' })
  await selection.getByRole('button', { name: 'Let exhibitors choose booths' }).click()
  await expect(desk.getByRole('status').filter({ hasText: 'Exhibitors can now choose their booths.' })).toBeVisible()
  await desk.goto(`${ORIGIN}/console/exhibitors/${exhibitorId}`)
  await hydrated(desk)
  const grant = desk.getByRole('region', { name: 'Team passes' })
  await grant.getByLabel('Passes granted').fill('2')
  await grant.getByRole('button', { name: 'Save passes' }).click()
  await expect(grant).toContainText('Passes named: 0 of 2')

  // The administrator holds booth A1 and pays for it in the sandbox.
  await me.reload()
  await hydrated(me)
  const free = booth.getByRole('group', { name: text(T, 'booth.freeBooths') })
  const a1 = free.getByRole('radio', { name: new RegExp(`^${literal(text(T, 'booth.line', { number: 'A1', hall: 'North' }))}.*6,500\\.00`) })
  await a1.check()
  await booth.getByLabel(text(T, 'booth.companyName')).fill(INVOICE_TO.name)
  await booth.getByLabel(text(T, 'booth.taxId')).fill(INVOICE_TO.taxId)
  await booth.getByLabel(text(T, 'booth.address')).fill(INVOICE_TO.address)
  await booth.getByLabel(text(T, 'booth.country')).selectOption('SG')
  await booth.getByRole('button', { name: text(T, 'booth.hold') }).click()
  await expect(booth.getByRole('status')).toHaveText(text(T, 'booth.held'))
  await booth.getByRole('link', { name: text(T, 'booth.pay') }).click()
  await me.waitForURL(/\/apply\/payment/)
  await hydrated(me)
  await me.getByRole('button', { name: new RegExp(`^${literal(text(EN.tickets, 'payment.pay', { amount: '@' })).replace('@', '.*6,500\\.00.*')}$`) }).click()
  await me.waitForURL(/\/pay\/sandbox\//)
  await me.getByRole('button', { name: new RegExp(`^${literal(text(EN.payment, 'sandbox.pay', { amount: '@' })).replace('@', '.*')}$`) }).click()
  await me.waitForURL(/\/apply\/successPage/)
  await hydrated(me)
  await expect(me.getByRole('region', { name: text(EN.tickets, 'booth.title') })).toContainText(INVOICE_TO.name)

  // The invoice PDF names the company and the booth.
  const invoiceLink = me.getByRole('link', { name: /^Download [A-Z0-9]+-\d{4}-\d{6} \(PDF\)$/ })
  const downloaded = me.waitForEvent('download')
  await invoiceLink.click()
  const invoice = execFileSync('pdftotext', ['-layout', await (await downloaded).path(), '-'], { encoding: 'utf8' })
  for (const expected of [INVOICE_TO.name, INVOICE_TO.taxId, text(EN.tickets, 'booth.invoiceLine', { number: 'A1', hall: 'North' }), '6,500.00']) {
    expect(invoice).toContain(expected)
  }
  await me.getByRole('link', { name: text(EN.tickets, 'booth.backToArea') }).click()
  await me.waitForURL(new RegExp(`/en/exhibitor\\.html\\?id=${exhibitorId}$`))
  await hydrated(me)
  await expect(booth).toContainText(text(T, 'booth.bought'))

  // Two passes named, one of them 王小明.
  const passes = me.getByRole('region', { name: text(T, 'passes.title') })
  for (const someone of [PEOPLE.wang, PEOPLE.ada]) {
    await passes.getByRole('button', { name: text(T, 'passes.name') }).click()
    const form = passes.getByRole('form')
    await form.getByLabel(text(EN.tickets, 'attendees.firstName'), { exact: true }).fill(someone.first)
    await form.getByLabel(text(EN.tickets, 'attendees.lastName'), { exact: true }).fill(someone.last)
    await form.getByLabel(text(EN.tickets, 'attendees.email'), { exact: true }).fill(someone.email)
    await form.locator('#pass-phone').fill(someone.phone)
    await form.getByLabel(text(EN.tickets, 'attendees.identity'), { exact: true }).selectOption({ label: text(EN.tickets, 'identity.trader') })
    await form.getByLabel(text(EN.tickets, 'attendees.industry'), { exact: true }).selectOption({ label: text(EN.tickets, 'industry.fintech') })
    await passes.getByRole('button', { name: text(T, 'passes.nameSend') }).click()
    const name = someone === PEOPLE.wang ? '王小明' : 'Ada Lovelace'
    await expect(passes.getByRole('status')).toHaveText(text(T, 'passes.named', { name }))
  }
  await expect(passes).toContainText(text(T, 'passes.count_other', { named: 2, count: 2 }))
  await applicant.context.close()

  // The verifier approves the phone.
  const verifier = await staffMember(browser, staff.verifier, '8.12.30.44')
  await verifier.page.goto(`${ORIGIN}/console/register?view=submissions`)
  await hydrated(verifier.page)
  const phoneRow = verifier.page.getByRole('row', { name: new RegExp(literal(PHONE_NUMBER)) })
  await expect(phoneRow).toContainText(COMPANY.en)
  await phoneRow.getByRole('button', { name: `Approve ${PHONE_NUMBER} of ${COMPANY.en}` }).click()
  const approve = verifier.page.getByRole('dialog', { name: `Approve ${PHONE_NUMBER} as a channel of ${COMPANY.en}` })
  // Far enough ahead that the test never depends on the day it runs.
  await approve.getByLabel('Verified until').fill('2099-12-31')
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(verifier.page.getByRole('status')).toHaveText(`${PHONE_NUMBER} is now in the register as a channel of ${COMPANY.en}, until 2099-12-31.`)
  await verifier.context.close()

  // A visitor finds the exhibitor, its booth and its verified phone, in English and in Chinese.
  const visitor = await person(browser, PHONE, '8.12.30.45')
  const v = visitor.page
  for (const [lang, D, name] of [
    ['en', EN.directory, COMPANY.en],
    ['zh-cn', ZH.directory, COMPANY.zh],
  ] as const) {
    await v.goto(`${ORIGIN}/${lang}/backDetail/${exhibitionId}/exhibitors`)
    await hydrated(v)
    const card = v
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: v.getByRole('link', { name, exact: true }) })
    await expect(card.getByRole('link', { name: text(D, 'plan.booth', { number: 'A1' }), exact: true })).toBeVisible()
    // The hall in the page's language: its Chinese name on the Chinese page, the venue's sign in English.
    const plan = v.getByRole('region', { name: text(D, 'plan.hallTitle', { label: lang === 'en' ? 'North' : '北' }) })
    await expect(plan.getByRole('link', { name: text(D, 'plan.boothOf', { number: 'A1', name }) })).toBeVisible()
    await card.getByRole('link', { name, exact: true }).click()
    await expect(v.getByRole('heading', { level: 1, name })).toBeVisible()
    await hydrated(v)
    const verified = v.getByRole('region', { name: text(D, 'profile.channels.title') })
    await expect(verified).toContainText(PHONE_NUMBER)
    await expect(verified).not.toContainText(WALLET)
    await expect(v.getByRole('link', { name: text(D, 'plan.boothOf', { number: 'A1', name }) })).toHaveAttribute('aria-current', 'location')
  }

  // The verification page answers the phone as the exhibitor's official channel.
  for (const [lang, V, name] of [
    ['en', EN.verify, COMPANY.en],
    ['zh-cn', ZH.verify, COMPANY.zh],
  ] as const) {
    await v.goto(`${ORIGIN}/${lang}/verify.html`)
    await hydrated(v)
    await v.getByLabel(text(V, 'query.label')).fill(PHONE_NUMBER)
    await v.getByRole('button', { name: text(V, 'query.submit') }).click()
    const result = v.getByTestId('channel-result')
    await expect(result.getByRole('heading', { level: 2, name: text(V, 'result.exhibitor.title'), exact: true })).toBeVisible()
    await expect(result).toContainText(name)
  }
  await visitor.context.close()

  // The door lets 王小明 in on the exhibitor's pass.
  const code = (
    await consoleSite.db.query<{ code: string }>(
      'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id where a.email = $1 order by e.issued_at desc limit 1',
      [PEOPLE.wang.email],
    )
  ).rows[0]?.code as string
  const door = await doorBrowser()
  try {
    const phone = door.page
    showToCamera(code)
    await setUpAccount(phone, staff.door, STAFF_PASSWORD, CONSOLE_EN)
    await phone.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(phone)
    await phone.getByLabel('Exhibition').selectOption(String(exhibitionId))
    await phone.getByLabel('Gate').fill('Hall A')
    await phone.getByRole('button', { name: 'Start checking in' }).click()
    await scan(phone, code)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('王小明')
    await expect(answer(phone)).toContainText(`Exhibitor · ${COMPANY.en}`)
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
  await manager.context.close()
  expect(problems, 'console errors, page errors or hydration warnings').toEqual([])
  test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s` })
})
