import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { type CheckoutScreen, checkoutPath } from '../../../shared/checkout-steps.ts'

/** An order as its links need it: the number, and the buyer's language the links open in. */
export interface LinkedOrder {
  number: string
  locale: string
}

/**
 * A checkout screen of an order in the buyer's language, relative (the platform's own pages link
 * there). `extra` adds query parameters the screen reads (`result` of a payment).
 */
export function orderScreenPath(order: LinkedOrder, screen: CheckoutScreen, extra: Record<string, string> = {}): string {
  const path = checkoutPath(urlLanguageOfLocale(order.locale as Locale), screen, { order: order.number })
  const more = new URLSearchParams(extra).toString()
  return more ? `${path}&${more}` : path
}

/** The same, absolute: for mails, calendar files and the providers' return links. */
export function orderScreenUrl(origin: string, order: LinkedOrder, screen: CheckoutScreen, extra: Record<string, string> = {}): string {
  return `${origin}${orderScreenPath(order, screen, extra)}`
}

/** The calendar event's UID: stable per order, so a second import updates the first (RFC 5545 §3.8.4.7). */
export function calendarUid(origin: string, orderNumber: string): string {
  return `${orderNumber}@${new URL(origin).host}`
}
