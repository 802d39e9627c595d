import { z } from 'zod'
import { EXHIBITORS } from '../functions/exhibitors.ts'
import { LOCALES } from '../languages.ts'
import { BOOTH_TYPES, PUBLIC_BOOTH_STATES } from '../rules/floor-plans.ts'
import { companyInvoice } from './invoices.ts'
import { defineContract } from './define.ts'

/**
 * An exhibition's floor plan as visitors see it (docs/product.md#floor-plans): its halls, each with
 * its booths in decimetres on the hall's grid, the exhibitor of each taken booth, no prices.
 */

/** A row's id in a payload (the console's contract takes the same). */
export const recordId = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(2_147_483_647, 'errors.invalid')

/** Where a booth stands and what it is: the console and the visitors' plan both draw it from this. */
export const boothPlace = z.object({
  number: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  type: z.enum(BOOTH_TYPES),
})

export const planBooth = boothPlace.extend({
  state: z.enum(PUBLIC_BOOTH_STATES),
  /** The exhibitor standing there, when it is in the directory (active). */
  exhibitor: z.object({ slug: z.string(), name: z.string(), textLocale: z.enum(LOCALES) }).nullable(),
})

export const planHall = z.object({
  id: z.number().int(),
  label: z.string(),
  width: z.number().int(),
  depth: z.number().int(),
  /** The hall's drawing behind the booths (a picture of the media library). */
  background: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  booths: z.array(planBooth),
})

export const exhibitionFloorPlan = defineContract({
  ...EXHIBITORS.exhibitionFloorPlan,
  payload: z.object({ exhibitionId: recordId }),
  /** No halls: the exhibition has no plan (yet). */
  result: z.object({ halls: z.array(planHall) }),
  cacheSeconds: 60,
})

/**
 * An admin of an active exhibitor chooses a free booth while the organiser lets exhibitors choose
 * (docs/product.md#booth-checkout): the booth is held by a pending order of kind booth, confirmed,
 * paid on the orders' payment screen. The company is the one every booth invoice is made out to.
 */
export const chooseBooth = defineContract({
  ...EXHIBITORS.chooseBooth,
  payload: z.object({
    exhibitorId: recordId,
    boothId: recordId,
    invoice: companyInvoice,
    idempotencyKey: z.uuid({ error: 'errors.invalid' }),
  }),
  result: z.object({ orderNumber: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
})

/**
 * What a member of an exhibitor sees of booth checkout (docs/product.md#booth-checkout): whether the
 * organiser lets exhibitors choose, the booths free to choose with their price, and the exhibitor's
 * own booths, a held one with the order that holds it.
 */
export const boothChoice = defineContract({
  ...EXHIBITORS.boothChoice,
  payload: z.object({ exhibitorId: recordId }),
  result: z.object({
    selfSelection: z.boolean(),
    /** The plan's currency; null without a plan. */
    currency: z.string().nullable(),
    free: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        hall: z.string(),
        type: z.enum(BOOTH_TYPES),
        w: z.number().int(),
        h: z.number().int(),
        priceMinor: z.number().int(),
        /** Exhibitor passes the booth's package includes (docs/product.md#team-passes). */
        passes: z.number().int(),
      }),
    ),
    mine: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        hall: z.string(),
        state: z.enum(['held', 'sold']),
        /** Passes it includes; they join the allowance once it is sold. */
        passes: z.number().int(),
        /** The booth order that holds or bought it; null for a booth the organiser assigned. */
        order: z.object({ number: z.string(), status: z.enum(['pending', 'paid']), expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
      }),
    ),
  }),
})
