import { type LoaderFunctionArgs, redirect } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { getOrder, type OrderDetail } from '../../api/tickets.ts'
import { currentUser } from '../../components/account-menu/user-store.ts'
import { dateFormat, numberFormat } from '../../i18n/intl.ts'
import { type CheckoutScreen, orderPath, screenShowsStep } from '../../../shared/checkout-steps.ts'
import { loaderContextOf } from '../route-kit.ts'

/** Dates as text, made in the loader so that the server's and the browser's renders are the same. */
export interface OrderTimes {
  /** The exhibition's days at the venue. */
  dates: string
  created: string
  expires: string
  paid: string | null
  cancelled: string | null
  policy: PolicyTimes
  /** Until when each waiting transfer of a ticket may be accepted, by position (docs/product.md#ticket-transfer). */
  transfers?: Record<number, string>
}

/** docs/product.md#refund-policy's instants as text on the venue's clock. */
export interface PolicyTimes {
  changesUntil: string
  fullUntil: string | null
  partialUntil: string | null
  /** The partial refund's percentage as the visitor's language writes it ("50 %" in Russian). */
  share: string | null
}

export type OrderLoad = { kind: 'login' } | { kind: 'missing' } | { kind: 'order'; order: OrderDetail; times: OrderTimes }

function format(locale: string, value: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return dateFormat(locale, { ...options, timeZone }).format(new Date(value))
  } catch {
    return dateFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(value))
  }
}

const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** An instant on the venue's clock, the zone named, since the visitor may be elsewhere. */
export const venueMoment = (locale: string, value: string, timeZone: string) => `${format(locale, value, timeZone, MOMENT)} (${timeZone.replace(/_/g, ' ')})`

/** The exhibition's cut-off for attendee changes (its start when none is set) and its refund dates still ahead. */
export function policyTimes(
  exhibition: Pick<OrderDetail['exhibition'], 'startsAt' | 'timeZone' | 'attendeeChangesUntil' | 'refundPolicy'>,
  locale: string,
): PolicyTimes {
  const at = (value: string) => venueMoment(locale, value, exhibition.timeZone)
  const { fullUntil, partialUntil, partialPercent } = exhibition.refundPolicy
  // A period already over is no longer what a buyer can expect: only those ahead are published.
  const ahead = (value: string | null) => (value && Date.parse(value) > Date.now() ? at(value) : null)
  return {
    changesUntil: at(exhibition.attendeeChangesUntil ?? exhibition.startsAt),
    fullUntil: ahead(fullUntil),
    partialUntil: ahead(partialUntil),
    share: partialPercent === null ? null : numberFormat(locale, { style: 'percent' }).format(partialPercent / 100),
  }
}

/** Times of an order in the exhibition's time zone (named), the days of the exhibition as a range. */
export function orderTimes(order: Pick<OrderDetail, 'exhibition' | 'createdAt' | 'expiresAt' | 'paidAt' | 'cancelledAt'>, locale: string): OrderTimes {
  const { exhibition } = order
  const at = (value: string) => venueMoment(locale, value, exhibition.timeZone)
  let dates: string
  try {
    dates = dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: exhibition.timeZone }).formatRange(
      new Date(exhibition.startsAt),
      new Date(exhibition.endsAt),
    )
  } catch {
    dates = format(locale, exhibition.startsAt, 'UTC', { dateStyle: 'medium' })
  }
  return {
    dates,
    created: at(order.createdAt),
    expires: at(order.expiresAt),
    paid: order.paidAt ? at(order.paidAt) : null,
    cancelled: order.cancelledAt ? at(order.cancelledAt) : null,
    policy: policyTimes(exhibition, locale),
  }
}

/**
 * The order named by `?order=` for one of the order screens: the state lives in the database, so a
 * reload or a login in the middle finds it again. Logged-out visitors get the login prompt.
 */
export async function loadOrder(args: LoaderFunctionArgs, screen: CheckoutScreen): Promise<OrderLoad> {
  const { gateway, site } = loaderContextOf(args)
  const number = new URL(args.request.url).searchParams.get('order')
  if (!currentUser(site)) return { kind: 'login' }
  if (!number) return { kind: 'missing' }
  let order: OrderDetail
  try {
    order = await gateway.call(getOrder, { orderNumber: number }, { signal: args.request.signal })
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) return { kind: 'missing' }
    if (error instanceof GatewayError && error.errorCode === 401) return { kind: 'login' }
    throw error
  }
  if (!screenShowsStep(screen, order.nextStep)) throw redirect(orderPath(site.lang, order))
  const transfers: Record<number, string> = {}
  for (const { position, transfer } of order.transfers)
    if (transfer.state === 'pending') transfers[position] = venueMoment(site.htmlLang, transfer.expiresAt, order.exhibition.timeZone)
  return { kind: 'order', order, times: { ...orderTimes(order, site.htmlLang), transfers } }
}

/** The loader of an order screen: the order of `?order=`, or the buyer is sent where it stands. */
export function orderLoader(screen: CheckoutScreen) {
  return (args: LoaderFunctionArgs) => loadOrder(args, screen)
}
