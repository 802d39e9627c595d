import express, { type Router } from 'express'
import { CHECKOUT_SCREENS, checkoutPath } from '../../../../shared/checkout-steps.ts'
import { COOKIES } from '../../../../shared/contracts/cookies.ts'
import { isUrlLanguage, localeOf } from '../../../../shared/languages.ts'
import { MAX_TICKETS_PER_ORDER } from '../../../../shared/rules/tickets.ts'
import { WAITING_FORM, type WaitingFormAnswer, waitingQuantityField } from '../../../../shared/rules/waiting-list.ts'
import { DomainError } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { joinWaitingList, leaveWaitingList } from './waiting-list.ts'

const ACTION = /^(join|leave):([1-9][0-9]{0,9})$/

/** The refusals a visitor is told about by name; any other is "could not be saved". */
const ANSWER_OF_CODE: Record<string, WaitingFormAnswer> = {
  'tickets:waitingList.tooMany': 'tooMany',
  'tickets:waitingList.seatsLeft': 'seatsLeft',
  'tickets:waitingList.offerOpen': 'offerOpen',
  'tickets:messages.typeUnavailable': 'closed',
  'tickets:messages.eventOver': 'closed',
  'tickets:messages.notOnSale': 'closed',
  'errors.rateLimited': 'rateLimited',
}

/**
 * The waiting list without JavaScript (docs/product.md#waiting-list): a sold-out row's buttons post
 * the ticket page's form to the page's own address; joining or leaving goes through the same verbs as
 * the gateway's, then the browser is sent back to the page (POST/redirect/GET) with `?waiting=` naming
 * the answer. The visitor is the login cookie's (SameSite=Lax, so another site's form carries none).
 */
export function waitingListRoutes(router: Router, context: TicketsContext): void {
  const { platform } = context
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 100 })
  router.post(`/:lang/apply/${CHECKOUT_SCREENS.selection}`, form, async (req, res, next) => {
    const lang = String(req.params.lang)
    if (!isUrlLanguage(lang)) return next()
    const body = (req.body ?? {}) as Record<string, unknown>
    const action = ACTION.exec(typeof body[WAITING_FORM.action] === 'string' ? (body[WAITING_FORM.action] as string) : '')
    const exhibitionId = Number(req.query.exhibitionId)
    if (!action || !Number.isInteger(exhibitionId) || exhibitionId <= 0) return next()
    res.setHeader('Cache-Control', 'no-store')
    const back = (answer: WaitingFormAnswer) =>
      res.redirect(303, `${checkoutPath(lang, 'selection', { exhibitionId })}&${new URLSearchParams({ [WAITING_FORM.answer]: answer })}`)
    const userId = await signedIn(platform, req.cookies?.[COOKIES.login], req.get('sec-fetch-site'))
    if (!userId) return back('signIn')
    const caller = { userId, locale: localeOf(lang), ip: (res.locals.context?.ip as string | undefined) ?? req.ip ?? '' }
    const ticketTypeId = Number(action[2])
    try {
      if (action[1] === 'leave') {
        await leaveWaitingList(context, caller, ticketTypeId)
        return back('left')
      }
      const field = body[waitingQuantityField(ticketTypeId)]
      const quantity = typeof field === 'string' && /^[0-9]{1,2}$/.test(field.trim()) ? Number(field.trim()) : Number.NaN
      if (!Number.isInteger(quantity) || quantity < 1) return back('quantity')
      if (quantity > MAX_TICKETS_PER_ORDER) return back('tooMany')
      await joinWaitingList(context, caller, ticketTypeId, quantity)
      back('joined')
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error)
      back(ANSWER_OF_CODE[error.code] ?? 'failed')
    }
  })
}

/** The account of a live login cookie; none for a form another site made the browser send. */
async function signedIn(platform: Platform, cookie: unknown, fetchSite: string | undefined): Promise<string | null> {
  if (typeof cookie !== 'string' || !cookie || fetchSite === 'cross-site') return null
  const resolved = await platform.services.accounts.sessions.resolve(cookie)
  return resolved.kind === 'valid' ? resolved.session.accountId : null
}
