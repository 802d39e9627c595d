import { randomBytes, randomUUID } from 'node:crypto'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { OrderDetail, OrderSummary } from '../../../src/api/contracts/tickets.ts'
import type { Identity, Industry, PaymentMethod } from '../../../src/api/rules/tickets.ts'
import { contentFallbackChain, type Locale, urlLanguageOfLocale } from '../../../src/i18n/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import { queueMail } from '../mail/mailer.ts'
import type { Platform } from '../platform.ts'
import { calendarFile } from './calendar.ts'
import { qrDataUrl, type TicketSigner } from './e-tickets.ts'
import type { CardProvider } from './payments/providers.ts'
import type { Translate } from './strings.ts'
import { confirmationMail, locationLine } from './tickets.mail.ts'
import * as repo from './tickets.repo.ts'

export interface ExhibitionInfo {
  id: number
  title: string
  city: string
  venueName: string
  address: string
  startsAt: string
  endsAt: string
  timeZone: string
}

export interface TicketsDeps {
  platform: Platform
  signer: TicketSigner
  strings: (locale: Locale) => Translate
  /** Stripe when configured; null otherwise. */
  card: CardProvider | null
  /** What the success page's scan-to-download code opens; null: the order's own tickets page. */
  appDownloadUrl: string | null
}

/** Orders are quoted by people: T- and ten Crockford base32 characters (no I, L, O, U). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export function newOrderNumber(): string {
  const bytes = randomBytes(10)
  return `T-${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`
}

export function typeText(row: Pick<repo.TicketTypeRow, 'texts' | 'key'>, locale: Locale): { name: string; description: string } {
  for (const candidate of contentFallbackChain(locale)) {
    const text = row.texts[candidate]
    if (text?.name) return { name: text.name, description: text.description ?? '' }
  }
  return { name: row.key, description: '' }
}

/** How the phone field shows a stored number again: national digits beside the country's code. */
export function nationalNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164
}

/** PostgreSQL's lock timeout and deadlock errors: someone else holds the rows; the buyer may retry. */
export function isLockTrouble(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '55P03' || code === '40P01'
}

/** What every verb of the domain shares: exhibitions by id, releasing and paying orders, and the order as pages see it. */
export function createOrderCore(deps: TicketsDeps) {
  const { platform, signer } = deps
  const { db, config } = platform
  const cache = new Map<string, { value: ExhibitionInfo; at: number }>()
  platform.onContentChanged(() => cache.clear())

  const exhibition = async (id: number, locale: Locale): Promise<ExhibitionInfo> => {
    const key = `${id}:${locale}`
    const hit = cache.get(key)
    if (hit && Date.now() - hit.at < 60_000) return hit.value
    const detail = await platform.services.exhibitions.getById(id, locale)
    if (!detail) throw notFound()
    const value: ExhibitionInfo = {
      id: detail.id,
      title: detail.title,
      city: detail.city,
      venueName: detail.venue.name || detail.venueName,
      address: detail.venue.address,
      startsAt: detail.startsAt,
      endsAt: detail.endsAt,
      timeZone: detail.timeZone,
    }
    cache.set(key, { value, at: Date.now() })
    return value
  }

  const orderUrl = (order: Pick<repo.OrderRow, 'number' | 'locale'>) =>
    `${config.PUBLIC_ORIGIN}/${urlLanguageOfLocale(order.locale as Locale)}/apply/order?order=${encodeURIComponent(order.number)}`

  /**
   * Cancels pending orders (the buyer's confirmation, or the countdown): their seats and held coupon
   * uses go back, open payment attempts close. Seats and coupons are released in ascending id order
   * over the whole batch, so two sweepers never wait on each other in a circle. Returns the attempts
   * to close at their provider after commit.
   */
  const release = async (tx: Queryable, orders: repo.OrderRow[], reason: 'buyer' | 'expired') => {
    const pending = orders.filter((order) => order.status === 'pending')
    if (!pending.length) return [] as Array<{ provider: string; provider_ref: string | null }>
    const ids = pending.map((order) => order.id)
    const seats = new Map<number, number>()
    for (const line of await repo.linesOf(tx, ids)) seats.set(line.ticket_type_id, (seats.get(line.ticket_type_id) ?? 0) + line.quantity)
    await repo.releaseSeats(tx, seats)
    const uses = new Map<number, number>()
    for (const order of pending) if (order.coupon_id !== null && order.coupon_state === 'held') uses.set(order.coupon_id, (uses.get(order.coupon_id) ?? 0) + 1)
    await repo.releaseCoupons(tx, uses)
    await tx.query(
      `update ticket_orders set status = 'cancelled', cancel_reason = $2, cancelled_at = now(), updated_at = now(),
         coupon_state = case when coupon_id is null then null else 'released' end
       where id = any($1::uuid[]) and status = 'pending'`,
      [ids, reason],
    )
    const closed = await tx.query<{ provider: string; provider_ref: string | null }>(
      `update payment_attempts set status = 'cancelled', updated_at = now() where order_id = any($1::uuid[]) and status in ('creating', 'open')
       returning provider, provider_ref`,
      [ids],
    )
    await repo.logEvent(tx, ids, reason === 'buyer' ? 'cancelled' : 'expired')
    return closed.rows
  }

  /** Closes checkouts at the card provider after commit; a failure there is logged, never the buyer's problem. */
  const closeAtProvider = (attempts: Array<{ provider: string; provider_ref: string | null }>) => {
    for (const attempt of attempts) {
      if (attempt.provider === 'stripe' && attempt.provider_ref && deps.card) {
        deps.card.cancel(attempt.provider_ref).catch((error: unknown) => platform.logger.warn({ err: error }, 'could not close a Stripe Checkout Session'))
      }
    }
  }

  /**
   * The order is paid: one signed e-ticket per attendee, the coupon redeemed, and the confirmation
   * e-mail queued in this same transaction (sent by the outbox worker only if it commits).
   */
  const markPaid = async (tx: Queryable, order: repo.OrderRow, info: ExhibitionInfo, via: Record<string, unknown>) => {
    await tx.query(
      `update ticket_orders set status = 'paid', paid_at = now(), updated_at = now(),
         coupon_state = case when coupon_id is null then null else 'redeemed' end where id = $1`,
      [order.id],
    )
    const attendees = await repo.attendeesOf(tx, order.id)
    const lines = await repo.linesOf(tx, [order.id])
    const types = new Map((await repo.typesByIds(tx, [...new Set(lines.map((line) => line.ticket_type_id))])).map((row) => [row.id, row]))
    const positions = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.ticket_type_id))
    const locale = order.locale as Locale
    const tickets: Array<{ position: number; holder: string; ticketName: string; code: string }> = []
    for (const attendee of attendees) {
      const typeId = positions[attendee.position - 1] ?? positions[0] ?? 0
      const id = randomUUID()
      const code = signer.sign(id, order.exhibition_id)
      await tx.query('insert into e_tickets (id, order_id, attendee_id, exhibition_id, ticket_type_id, code) values ($1, $2, $3, $4, $5, $6)', [
        id,
        order.id,
        attendee.id,
        order.exhibition_id,
        typeId,
        code,
      ])
      const type = types.get(typeId)
      tickets.push({
        position: attendee.position,
        holder: `${attendee.first_name} ${attendee.last_name}`,
        ticketName: type ? typeText(type, locale).name : '',
        code,
      })
    }
    await repo.logEvent(tx, order.id, 'paid', via)
    const t = deps.strings(locale)
    await queueMail(
      tx,
      await confirmationMail({
        t,
        locale,
        brand: config.BRAND_NAME,
        contactEmail: config.CONTACT_EMAIL,
        orderUrl: orderUrl(order),
        calendarUid: `${order.number}@${new URL(config.PUBLIC_ORIGIN).host}`,
        order: {
          number: order.number,
          currency: order.currency,
          subtotalMinor: order.subtotal_minor,
          discountMinor: order.discount_minor,
          totalMinor: order.total_minor,
          couponCode: order.coupon_code,
          to: order.buyer_email,
        },
        exhibition: { ...info, startsAt: new Date(info.startsAt), endsAt: new Date(info.endsAt) },
        lines: lines.map((line) => {
          const type = types.get(line.ticket_type_id)
          return { name: type ? typeText(type, locale).name : '', quantity: line.quantity, unitPriceMinor: line.unit_price_minor }
        }),
        tickets,
      }),
    )
  }

  /** Expires an order read after its deadline (the sweeper may not have come by yet). */
  const expireIfDue = async (order: repo.OrderRow): Promise<repo.OrderRow> => {
    if (order.status !== 'pending' || order.expires_at.getTime() > order.now.getTime()) return order
    const closed = await db.transaction(async (tx) => {
      const locked = await repo.orderById(tx, order.id, true)
      if (locked?.status !== 'pending' || locked.expires_at.getTime() > locked.now.getTime()) return []
      if (await inPaymentGrace(tx, locked)) return []
      return release(tx, [locked], 'expired')
    })
    closeAtProvider(closed)
    return (await repo.orderById(db, order.id)) ?? order
  }

  const methods = (): PaymentMethod[] => (deps.card ? (config.isProduction ? ['card'] : ['card', 'sandbox']) : ['sandbox'])

  const nextStepOf = (order: repo.OrderRow, attendeeCount: number, ticketTotal: number, attempt: repo.AttemptRow | null): OrderSummary['nextStep'] => {
    if (order.status === 'paid') return 'tickets'
    if (order.status === 'cancelled') return 'none'
    if (attendeeCount < ticketTotal) return 'attendees'
    if (!order.confirmed_at) return 'review'
    if (attempt?.status === 'processing') return 'checking'
    return 'payment'
  }

  const summary = async (order: repo.OrderRow, locale: Locale, lineRows?: repo.LineRow[]): Promise<OrderSummary & { attempt: repo.AttemptRow | null }> => {
    const [info, lines, attempt, attendeeCount] = await Promise.all([
      exhibition(order.exhibition_id, locale),
      lineRows ? Promise.resolve(lineRows) : repo.linesOf(db, [order.id]),
      repo.latestAttempt(db, order.id),
      db.query<{ n: number }>('select count(*)::int as n from ticket_attendees where order_id = $1', [order.id]).then((result) => result.rows[0]?.n ?? 0),
    ])
    const types = new Map(
      (
        await repo.typesByIds(
          db,
          lines.map((line) => line.ticket_type_id),
        )
      ).map((row) => [row.id, row]),
    )
    const ticketTotal = lines.reduce((sum, line) => sum + line.quantity, 0)
    return {
      number: order.number,
      status: order.status === 'pending' && attempt?.status === 'processing' ? 'checking' : order.status,
      cancelReason: order.cancel_reason,
      exhibition: info,
      createdAt: order.created_at.toISOString(),
      expiresAt: order.expires_at.toISOString(),
      paidAt: order.paid_at?.toISOString() ?? null,
      cancelledAt: order.cancelled_at?.toISOString() ?? null,
      currency: order.currency,
      subtotalMinor: order.subtotal_minor,
      discountMinor: order.discount_minor,
      totalMinor: order.total_minor,
      couponCode: order.coupon_code,
      lines: lines.map((line) => {
        const type = types.get(line.ticket_type_id)
        return {
          ticketTypeId: line.ticket_type_id,
          name: type ? typeText(type, locale).name : '',
          quantity: line.quantity,
          unitPriceMinor: line.unit_price_minor,
        }
      }),
      ticketCount: ticketTotal,
      nextStep: nextStepOf(order, attendeeCount, ticketTotal, attempt),
      attempt,
    }
  }

  const detail = async (order: repo.OrderRow, locale: Locale): Promise<OrderDetail> => {
    const { attempt, ...base } = await summary(order, locale)
    const [attendees, tickets, refundDue, coupon] = await Promise.all([
      repo.attendeesOf(db, order.id),
      order.status === 'paid' ? repo.ticketsOf(db, order.id) : Promise.resolve([]),
      repo.refundDueOf(db, order.id),
      order.coupon_id === null ? Promise.resolve(null) : repo.couponById(db, order.coupon_id),
    ])
    const positions = base.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line))
    const byAttendee = new Map(attendees.map((attendee) => [attendee.id, attendee]))
    const paid = order.status === 'paid'
    const appUrl = deps.appDownloadUrl ?? `${config.PUBLIC_ORIGIN}/${urlLanguageOfLocale(locale)}/apply/successPage?order=${encodeURIComponent(order.number)}`
    return {
      ...base,
      serverNow: order.now.toISOString(),
      buyerEmail: order.buyer_email,
      coupon: coupon
        ? {
            code: coupon.code,
            kind: coupon.kind,
            percentOff: coupon.percent_off,
            amountOffMinor: coupon.amount_off_minor,
            currency: coupon.currency,
            ticketTypeId: coupon.ticket_type_id,
          }
        : null,
      attendees: attendees.map((attendee) => {
        const line = positions[attendee.position - 1]
        return {
          position: attendee.position,
          ticketTypeId: line?.ticketTypeId ?? 0,
          ticketName: line?.name ?? '',
          firstName: attendee.first_name,
          lastName: attendee.last_name,
          email: attendee.email,
          phone: {
            country: attendee.phone_country,
            number: nationalNumber(attendee.phone_e164),
            e164: attendee.phone_e164,
            international: parsePhoneNumberFromString(attendee.phone_e164)?.formatInternational() ?? attendee.phone_e164,
          },
          identity: attendee.identity as Identity,
          industry: attendee.industry as Industry,
        }
      }),
      confirmed: order.confirmed_at !== null,
      payment: attempt ? { method: attempt.provider === 'stripe' ? 'card' : 'sandbox', status: attempt.status } : null,
      refundDue,
      methods: methods(),
      tickets: await Promise.all(
        tickets.map(async (ticket) => {
          const attendee = byAttendee.get(ticket.attendee_id)
          const line = attendee ? positions[attendee.position - 1] : undefined
          return {
            id: ticket.id,
            position: attendee?.position ?? 0,
            holder: attendee ? `${attendee.first_name} ${attendee.last_name}` : '',
            ticketName: line?.name ?? '',
            code: ticket.code,
            qr: await qrDataUrl(ticket.code),
          }
        }),
      ),
      calendar: paid
        ? calendarFile(
            {
              uid: `${order.number}@${new URL(config.PUBLIC_ORIGIN).host}`,
              title: base.exhibition.title,
              startsAt: new Date(base.exhibition.startsAt),
              endsAt: new Date(base.exhibition.endsAt),
              location: locationLine({ ...base.exhibition, startsAt: new Date(), endsAt: new Date() }),
              description: `${order.number}`,
              url: orderUrl({ number: order.number, locale }),
              organizer: { name: config.BRAND_NAME, email: config.CONTACT_EMAIL },
            },
            config.BRAND_NAME,
          )
        : null,
      appLink: paid ? { kind: deps.appDownloadUrl ? 'app' : 'tickets', url: appUrl, qr: await qrDataUrl(appUrl) } : null,
    }
  }

  /**
   * A payer who finished paying before the deadline is not expired while the provider's confirmation
   * is on its way (ten minutes of grace), so their money buys the order instead of a refund.
   */
  const inPaymentGrace = async (tx: Queryable, order: repo.OrderRow): Promise<boolean> => {
    const result = await tx.query(
      `select 1 from payment_attempts where order_id = $1 and status = 'processing' and processing_at <= $2 and now() < $2::timestamptz + interval '10 minutes'`,
      [order.id, order.expires_at],
    )
    return result.rows.length > 0
  }

  return { exhibition, release, closeAtProvider, markPaid, expireIfDue, detail, summary, methods, orderUrl, inPaymentGrace }
}

export type OrderCore = ReturnType<typeof createOrderCore>
