import { createHash, createHmac } from 'node:crypto'
import { type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { checkoutPath } from '../../../../shared/checkout-steps.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, gone, invalid, notFound } from '../../errors.ts'
import { paragraphMail } from '../../kit/mail-layout.ts'
import { queueMail } from '../../mailer.ts'
import { loadSecret } from '../../tokens.ts'
import type { RateRule } from '../../rate-limits.ts'
import { htmlLangOf } from '../format.ts'
import type { ExhibitionInfo } from '../exhibition-info.ts'
import type { Caller, TicketsContext } from '../tickets-context.ts'
import * as tickets from '../tickets.repo.ts'
import { typeText } from '../ticket-types.ts'
import { offerFreedSeats } from './offers.ts'
import * as repo from './waiting-list.repo.ts'

/** Joining, changing and leaving is limited per account (docs/product.md#waiting-list). */
export const WAITING_LIST_CHANGES: RateRule = { name: 'tickets.waitingList', points: 30, durationSeconds: 15 * 60 }

export interface WaitingEntry {
  ticketTypeId: number
  exhibitionId: number
  exhibitionTitle: string
  /** The venue's time zone, in which the offer's deadline is shown. */
  timeZone: string
  typeName: string
  quantity: number
  state: 'waiting' | 'offered'
  /** 1 for the first in line; null once offered. */
  place: number | null
  offeredQuantity: number | null
  offerUntil: string | null
  /** The offer's personal link token, once its mail is written (My account shows the link). */
  offerToken: string | null
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * An offer's personal link token: the HMAC of the entry and the moment of its offer under a key kept
 * in the database, so My account can show the owner the link the mail carries while only its hash is
 * stored (docs/product.md#waiting-list). A new offer of the same entry makes a new token.
 */
function offerTokenOf(key: string, entry: Pick<repo.EntryRow, 'id' | 'offered_at'>): string {
  return createHmac('sha256', key)
    .update(`${entry.id}:${(entry.offered_at as Date).toISOString()}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url')
}

const offerLinkKey = (db: Queryable) => loadSecret(db, 'waiting-offer-links')

/** The account's live entries (of one exhibition, or all), with their places, exhibitions and offers' links. */
export async function myEntries(context: TicketsContext, accountId: string, locale: Locale, exhibitionId: number | null): Promise<WaitingEntry[]> {
  const { db } = context.platform
  const rows = await repo.entriesOfAccount(db, accountId, exhibitionId)
  const key = rows.some((row) => row.state === 'offered' && row.offer_token_hash) ? await offerLinkKey(db) : null
  const entries: WaitingEntry[] = []
  for (const row of rows) {
    const info = await context.exhibitions.get(row.exhibition_id, locale)
    const token = key && row.state === 'offered' && row.offered_at ? offerTokenOf(key, row) : null
    entries.push({
      ticketTypeId: row.ticket_type_id,
      exhibitionId: row.exhibition_id,
      exhibitionTitle: info.title,
      timeZone: info.timeZone,
      typeName: typeText(row, locale).name,
      quantity: row.quantity,
      state: row.state === 'offered' ? 'offered' : 'waiting',
      place: row.state === 'waiting' ? row.place : null,
      offeredQuantity: row.offered_quantity,
      offerUntil: row.state === 'offered' ? (row.offer_until?.toISOString() ?? null) : null,
      // Offers mailed before links were derived keep the random token of their mail: no link here.
      offerToken: token && hashToken(token) === row.offer_token_hash ? token : null,
    })
  }
  return entries
}

/**
 * Joins a sold-out type's waiting list, or changes the quantity of the place already held (one
 * entry per account and type; the place in line stays). Quantity 1..the type's order limit.
 */
export async function joinWaitingList(context: TicketsContext, caller: Caller, ticketTypeId: number, quantity: number): Promise<WaitingEntry> {
  const { platform } = context
  const [type] = await tickets.typesByIds(platform.db, [ticketTypeId])
  if (!type?.active || type.exhibitor_pass) throw notFound('tickets:messages.typeUnavailable')
  await context.exhibitions.ensureOnSale(type.exhibition_id)
  if (quantity > type.max_per_order) throw invalid({ quantity: 'waitingList.tooMany' }, 'tickets:waitingList.tooMany')
  await platform.rateLimits.consume(WAITING_LIST_CHANGES, caller.userId)
  const at = new Date()
  try {
    await platform.db.transaction(async (tx) => {
      const live = await repo.liveEntry(tx, ticketTypeId, caller.userId)
      if (live?.state === 'offered') throw conflict('tickets:waitingList.offerOpen')
      if (live) return repo.setQuantity(tx, live.id, quantity, caller.locale)
      // Seats still on sale are bought, not waited for.
      const [now] = await tickets.typesByIds(tx, [ticketTypeId])
      if (now && now.capacity - now.reserved > 0) throw conflict('tickets:waitingList.seatsLeft')
      await repo.insertEntry(tx, { ticketTypeId, accountId: caller.userId, quantity, locale: caller.locale, at })
    })
  } catch (error) {
    // The same account joining twice at once: the other request made the entry.
    if ((error as { code?: string }).code !== '23505') throw error
  }
  const mine = (await myEntries(context, caller.userId, caller.locale, type.exhibition_id)).find((entry) => entry.ticketTypeId === ticketTypeId)
  if (!mine) throw notFound()
  return mine
}

/** Leaves the line; an offer held is given up and passes on at once. Leaving twice is no error. */
export async function leaveWaitingList(context: TicketsContext, caller: Caller, ticketTypeId: number): Promise<void> {
  await context.platform.rateLimits.consume(WAITING_LIST_CHANGES, caller.userId)
  await context.platform.db.transaction(async (tx) => {
    const live = await repo.liveEntry(tx, ticketTypeId, caller.userId)
    if (live) await endLive(tx, live, live.state === 'offered' ? 'declined' : 'left')
  })
}

/** Ends a live entry; an offer's seats go back and on to the next in line (releaseSeats). */
export async function endLive(tx: Queryable, entry: repo.EntryRow, state: 'declined' | 'left' | 'lapsed' | 'removed'): Promise<void> {
  await repo.endEntry(tx, entry.id, state, new Date())
  if (entry.state === 'offered' && entry.offered_quantity) await tickets.releaseSeats(tx, new Map([[entry.ticket_type_id, entry.offered_quantity]]))
}

/** The offer a personal link names, if it is the caller's. */
async function offerOf(tx: Queryable, caller: Caller, token: string, lock: boolean): Promise<repo.EntryRow> {
  const entry = await repo.entryByTokenHash(tx, hashToken(token), lock)
  if (!entry || entry.account_id !== caller.userId) throw notFound('tickets:waitingList.offerNotFound')
  if (entry.state !== 'offered' || !entry.offer_until || entry.offer_until <= new Date()) throw gone('tickets:waitingList.offerOver')
  return entry
}

export async function offerForLink(context: TicketsContext, caller: Caller, token: string) {
  const entry = await offerOf(context.platform.db, caller, token, false)
  const [type] = await tickets.typesByIds(context.platform.db, [entry.ticket_type_id])
  return {
    ticketTypeId: entry.ticket_type_id,
    exhibitionId: type?.exhibition_id ?? 0,
    quantity: entry.offered_quantity ?? entry.quantity,
    offerUntil: (entry.offer_until as Date).toISOString(),
  }
}

/** "I no longer need them": the offer passes to the next in line at once. */
export async function declineOffer(context: TicketsContext, caller: Caller, token: string): Promise<void> {
  await context.platform.db.transaction(async (tx) => endLive(tx, await offerOf(tx, caller, token, true), 'declined'))
}

/**
 * The offer a new order is made from (create-order.ts), inside its transaction: its seats go back to
 * the type without being offered on, so the order's own reservation takes them in the same pass.
 */
export async function takeOffer(tx: Queryable, caller: Caller, token: string, exhibitionId: number): Promise<repo.EntryRow> {
  const entry = await offerOf(tx, caller, token, true)
  const [type] = await tickets.typesByIds(tx, [entry.ticket_type_id])
  if (type?.exhibition_id !== exhibitionId) throw notFound('tickets:waitingList.offerNotFound')
  await repo.unholdSeats(tx, entry.ticket_type_id, entry.offered_quantity ?? 0)
  return entry
}

/** The order is made: the entry is done, and seats of the offer the order did not take pass on. */
export async function offerAccepted(tx: Queryable, entry: repo.EntryRow, orderId: string, bought: number): Promise<void> {
  await repo.endEntry(tx, entry.id, 'accepted', new Date(), orderId)
  if (bought < (entry.offered_quantity ?? 0)) await offerFreedSeats(tx, [entry.ticket_type_id])
}

/** Offers past their time lapse and pass on (docs/product.md#waiting-list); any number of jobs may run. */
export async function lapseDueOffers(context: TicketsContext, batch = 100): Promise<number> {
  let total = 0
  for (;;) {
    const count = await context.platform.db.transaction(async (tx) => {
      const due = await repo.claimLapsed(tx, new Date(), batch)
      for (const entry of due) await endLive(tx, entry, 'lapsed')
      return due.length
    })
    total += count
    if (count < batch) return total
  }
}

/**
 * Writes each new offer's mail with its personal link (offerTokenOf; only its hash is kept), in the
 * language the person joined in. Claimed with SKIP LOCKED: each offer is mailed once.
 */
export async function mailNewOffers(context: TicketsContext, batch = 50): Promise<number> {
  const { config, db } = context.platform
  const key = await offerLinkKey(db)
  let total = 0
  for (;;) {
    // The exhibitions' facts are read before the transaction (they come from another domain's service).
    const infos = new Map<string, ExhibitionInfo>()
    for (const { exhibition_id, locale } of await repo.unmailedExhibitions(db)) {
      infos.set(`${exhibition_id}:${locale}`, await context.exhibitions.get(exhibition_id, locale as Locale))
    }
    const count = await db.transaction(async (tx) => {
      const offers = await repo.claimUnmailed(tx, batch)
      let mailed = 0
      for (const offer of offers) {
        const info = infos.get(`${offer.exhibition_id}:${offer.locale}`)
        // Offered after the look-up above: the next run mails it.
        if (!info) continue
        const token = offerTokenOf(key, offer)
        await repo.markMailed(tx, offer.id, hashToken(token), new Date())
        await queueMail(tx, offerMail(context, offer, info, token, config.PUBLIC_ORIGIN, config.BRAND_NAME))
        mailed++
      }
      return { claimed: offers.length, mailed }
    })
    total += count.mailed
    if (count.claimed < batch || count.mailed === 0) return total
  }
}

function offerMail(context: TicketsContext, offer: repo.UnmailedOffer, info: ExhibitionInfo, token: string, origin: string, brand: string) {
  const locale = offer.locale as Locale
  const t = context.strings(locale)
  const language = urlLanguageOfLocale(locale)
  const until = new Intl.DateTimeFormat(htmlLangOf(locale), { dateStyle: 'long', timeStyle: 'short', timeZone: info.timeZone }).format(
    offer.offer_until as Date,
  )
  const link = `${origin}${checkoutPath(language, 'selection', { exhibitionId: offer.exhibition_id })}&offer=${token}`
  const type = typeText(offer, locale).name
  return paragraphMail({
    to: offer.email,
    subject: t('waitingList.mail.subject', { brand, exhibition: info.title }),
    language,
    paragraphs: [
      t('waitingList.mail.offer', { count: offer.offered_quantity ?? offer.quantity, type, exhibition: info.title }),
      t('waitingList.mail.until', { until, timeZone: info.timeZone }),
    ],
    link: { url: link, label: t('waitingList.mail.buy') },
    closing: [t('waitingList.mail.decline', { url: `${link}&decline=1` }), brand],
  })
}

/**
 * Their entries go with the account (docs/product.md#waiting-list): first out of every line, so no
 * seats are offered to them meanwhile, then the offers they held pass on, then the rows go.
 */
export async function eraseWaitingEntries(tx: Queryable, accountId: string): Promise<void> {
  const entries = await repo.entriesForErasure(tx, accountId)
  const at = new Date()
  for (const entry of entries) if (entry.state === 'waiting') await repo.endEntry(tx, entry.id, 'removed', at)
  for (const entry of entries) if (entry.state === 'offered') await endLive(tx, entry, 'removed')
  await repo.deleteEntriesOf(tx, accountId)
}
