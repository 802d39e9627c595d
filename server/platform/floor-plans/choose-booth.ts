import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/floor-plans.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import { conflict, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { boothOrderByKey, liveBoothOrders, openBoothOrder } from '../tickets/index.ts'
import * as repo from './floor-plans.repo.ts'

type Choice = z.output<typeof contracts.chooseBooth.payload>
type ChoiceView = z.output<typeof contracts.boothChoice.result>

/** Order amounts are whole ints of minor units (ticket_orders); a dearer booth is sold by the organiser. */
const LARGEST_ORDER_MINOR = 2_147_483_647

/**
 * An admin of an active exhibitor chooses a free booth (docs/product.md#booth-checkout). In one
 * transaction: the exhibitor's row locked (its choices queue), the booth's row locked (two exhibitors
 * choosing it at once queue, and the second is told it was just taken), the booth held for the
 * exhibitor and a pending order of kind booth opened with the countdown. One booth held or bought per
 * exhibitor; more are the organiser's to assign. The same idempotency key answers the same order.
 */
export async function chooseBooth(platform: Platform, accountId: string, locale: Locale, choice: Choice): Promise<{ orderNumber: string; expiresAt: string }> {
  const { db, services } = platform
  const buyerEmail = (await services.accounts.profile(accountId)).email
  const order = await db.transaction(async (tx) => {
    const exhibitor = await services.exhibitors.lockForAdmin(tx, choice.exhibitorId, accountId, locale)
    const made = await boothOrderByKey(tx, accountId, choice.idempotencyKey)
    if (made) return made
    if (!(await repo.selfSelection(tx, exhibitor.exhibitionId))) throw conflict('exhibitor:errors.boothsAssigned')
    const booth = await repo.lockBooth(tx, choice.boothId)
    if (booth?.exhibition_id !== exhibitor.exhibitionId) throw notFound('exhibitor:errors.boothNotFound')
    if (booth.state !== 'available') throw conflict('exhibitor:errors.boothTaken')
    if (booth.price_minor <= 0 || booth.price_minor > LARGEST_ORDER_MINOR) throw conflict('exhibitor:errors.boothNotForSale')
    if ((await repo.boothsTakenBy(tx, choice.exhibitorId)) > 0) throw conflict('exhibitor:errors.oneBooth')
    await repo.holdBooth(tx, booth.id, choice.exhibitorId, new Date(Date.now()))
    return openBoothOrder(platform, tx, {
      accountId,
      exhibitionId: exhibitor.exhibitionId,
      boothId: booth.id,
      exhibitorId: choice.exhibitorId,
      locale,
      buyerEmail,
      currency: booth.currency,
      priceMinor: booth.price_minor,
      invoiceRequest: choice.invoice,
      idempotencyKey: choice.idempotencyKey,
    })
  })
  platform.contentChanged({ scope: 'exhibitors' })
  return { orderNumber: order.number, expiresAt: order.expiresAt.toISOString() }
}

/**
 * What a member of the exhibitor sees (docs/product.md#booth-checkout): the free booths with their
 * prices (never shown to visitors) and the exhibitor's own, a held one with the order holding it.
 */
export async function boothChoice(platform: Platform, accountId: string, locale: Locale, exhibitorId: number): Promise<ChoiceView> {
  const { db, services } = platform
  const { exhibitionId } = await services.exhibitors.forMember(db, exhibitorId, accountId, locale)
  const [selfSelection, currency, booths, orders] = await Promise.all([
    repo.selfSelection(db, exhibitionId),
    repo.planCurrency(db, exhibitionId),
    repo.boothsForChoice(db, exhibitionId, exhibitorId, contentFallbackChain(locale)),
    liveBoothOrders(db, exhibitionId),
  ])
  return {
    selfSelection,
    currency,
    free: booths
      .filter((booth) => booth.state === 'available' && booth.price_minor > 0 && booth.price_minor <= LARGEST_ORDER_MINOR)
      .map((booth) => ({
        id: booth.id,
        number: booth.number,
        hall: booth.hall,
        type: booth.booth_type,
        w: booth.w_dm,
        h: booth.h_dm,
        priceMinor: booth.price_minor,
        passes: booth.passes_included,
      })),
    mine: booths.flatMap((booth) => {
      if (booth.state !== 'held' && booth.state !== 'sold') return []
      const order = orders.get(booth.id)
      return [
        {
          id: booth.id,
          number: booth.number,
          hall: booth.hall,
          state: booth.state,
          passes: booth.passes_included,
          order: order ? { number: order.number, status: order.status, expiresAt: order.expiresAt.toISOString() } : null,
        },
      ]
    }),
  }
}
