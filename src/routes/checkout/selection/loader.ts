import { data, type LoaderFunctionArgs, redirect } from 'react-router'
import { GatewayError } from '../../../api/gateway-error.ts'
import { getOrder, myWaitingList, type OrderDetail, type TicketTypesResult, ticketTypes, type WaitingEntry, waitingOffer } from '../../../api/tickets.ts'
import { currentUser } from '../../../components/account-menu/user-store.ts'
import { dateFormat } from '../../../i18n/intl.ts'
import { orderPath, screenShowsStep } from '../../../../shared/checkout-steps.ts'
import { type WaitingFormAnswer, waitingFormAnswer, WAITING_FORM } from '../../../../shared/rules/waiting-list.ts'
import { loaderContextOf } from '../../route-kit.ts'
import { type PolicyTimes, policyTimes } from '../order-loader.ts'

/** A new order, a pending order whose tickets change (`?order=`), or a cancelled one bought again (`?from=`). */
export type Mode = { kind: 'new' } | { kind: 'change'; order: OrderDetail } | { kind: 'reRegister'; order: OrderDetail }

export type SelectionData = { kind: 'noExhibition' } | ReadySelection
export interface ReadySelection {
  kind: 'ready'
  catalogue: TicketTypesResult
  dates: string
  salesOpen: string | null
  policy: PolicyTimes
  mode: Mode
  /** The signed-in visitor's places in this exhibition's waiting lists (docs/product.md#waiting-list). */
  waiting: WaitingEntry[]
  /** A waiting-list offer opened from its mail (`?offer=`): the seats held, or why it cannot be bought. */
  offer: HeldOffer | { problem: string } | null
  /** The answer of the waiting list's form posted without JavaScript (`?waiting=`). */
  waitingAnswer: WaitingFormAnswer | null
}

export interface HeldOffer {
  token: string
  ticketTypeId: number
  quantity: number
  /** When the hold ends, at the venue, formatted. */
  until: string
  /** Opened from the mail's "I no longer need them" link. */
  declining: boolean
}

/** The offer a personal link names, for its signed-in owner; a refusal's message key otherwise. */
async function offerOf(args: LoaderFunctionArgs, search: URLSearchParams, timeZone: string): Promise<ReadySelection['offer']> {
  const { gateway, site } = loaderContextOf(args)
  const token = search.get('offer')
  if (!token || !currentUser(site)) return null
  try {
    const held = await gateway.call(waitingOffer, { token }, { signal: args.request.signal })
    const until = dateFormat(site.htmlLang, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(held.offerUntil))
    return { token, ticketTypeId: held.ticketTypeId, quantity: held.quantity, until, declining: search.get('decline') === '1' }
  } catch (error) {
    if (!(error instanceof GatewayError) || error.errorCode >= 500) throw error
    return { problem: error.code }
  }
}

function formatRange(locale: string, startsAt: string, endsAt: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }
  try {
    return dateFormat(locale, { ...options, timeZone }).formatRange(new Date(startsAt), new Date(endsAt))
  } catch {
    return dateFormat(locale, { ...options, timeZone: 'UTC' }).formatRange(new Date(startsAt), new Date(endsAt))
  }
}

/** The order a logged-in buyer changes or re-registers; an order that cannot change goes where it stands. */
async function modeOf(args: LoaderFunctionArgs, search: URLSearchParams): Promise<Mode> {
  const { gateway, site } = loaderContextOf(args)
  const number = search.get('order') ?? search.get('from')
  if (!number || !currentUser(site)) return { kind: 'new' }
  try {
    const order = await gateway.call(getOrder, { orderNumber: number }, { signal: args.request.signal })
    if (search.get('order')) {
      // Only a pending order can change its tickets; any other goes where it stands.
      if (!screenShowsStep('selection', order.nextStep)) throw redirect(orderPath(site.lang, order))
      return { kind: 'change', order }
    }
    if (order.status === 'cancelled') return { kind: 'reRegister', order }
  } catch (error) {
    if (error instanceof Response) throw error
    if (!(error instanceof GatewayError) || error.errorCode >= 500) throw error
  }
  return { kind: 'new' }
}

/**
 * The exhibition's ticket types, and for a logged-in buyer the order being changed (`?order=`) or the
 * cancelled order being re-registered (`?from=`). Dates are formatted here so server and browser agree.
 */
export async function loader(args: LoaderFunctionArgs): Promise<SelectionData> {
  const { gateway, site } = loaderContextOf(args)
  const search = new URL(args.request.url).searchParams
  const exhibitionId = Number(search.get('exhibitionId'))
  if (!Number.isInteger(exhibitionId) || exhibitionId <= 0) return { kind: 'noExhibition' }
  let catalogue: TicketTypesResult
  try {
    catalogue = await gateway.call(ticketTypes, { exhibitionId }, { signal: args.request.signal })
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404 })
    throw error
  }
  const mode = await modeOf(args, search)
  const { exhibition } = catalogue
  const signedIn = Boolean(currentUser(site))
  const [waiting, offer] = await Promise.all([
    signedIn ? gateway.call(myWaitingList, { exhibitionId }, { signal: args.request.signal }).then((result) => result.entries) : [],
    offerOf(args, search, exhibition.timeZone),
  ])
  return {
    kind: 'ready',
    catalogue,
    mode,
    waiting,
    offer,
    waitingAnswer: waitingFormAnswer(search.get(WAITING_FORM.answer)),
    dates: formatRange(site.htmlLang, exhibition.startsAt, exhibition.endsAt, exhibition.timeZone),
    policy: policyTimes(exhibition, site.htmlLang),
    salesOpen: catalogue.salesOpenAt
      ? dateFormat(site.htmlLang, { dateStyle: 'long', timeZone: exhibition.timeZone }).format(new Date(catalogue.salesOpenAt))
      : null,
  }
}
