import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { OFFER_HOURS, WAITING_STATES } from '../rules/waiting-list.ts'
import { defineContract } from './define.ts'

/**
 * The waiting list of a ticket type in the console (docs/product.md#waiting-list): the line in order
 * with each entry's state, an offer by hand, removing an entry, and how long offers hold their seats.
 */

const id = z.number({ error: 'errors.invalid' }).int().positive().max(2_147_483_647)
const entryId = z.string({ error: 'errors.invalid' }).regex(/^[1-9][0-9]{0,17}$/, 'console:waitingList.entryNotFound')

export const staffWaitingEntry = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  joinedAt: z.string(),
  state: z.enum(WAITING_STATES),
  offeredQuantity: z.number().int().nullable(),
  offerUntil: z.string().nullable(),
  offeredByHand: z.boolean(),
  endedAt: z.string().nullable(),
})

const waitingListView = z.object({
  type: z.object({ id: z.number().int(), exhibitionId: z.number().int(), name: z.string(), capacity: z.number().int(), reserved: z.number().int() }),
  offerHours: z.number().int(),
  entries: z.array(staffWaitingEntry),
})

export const waitingList = defineContract({ ...CONSOLE.waitingList, payload: z.object({ ticketTypeId: id }), result: waitingListView })

export const offerWaitingEntry = defineContract({ ...CONSOLE.offerWaitingEntry, payload: z.object({ entryId }), result: waitingListView })

export const removeWaitingEntry = defineContract({ ...CONSOLE.removeWaitingEntry, payload: z.object({ entryId }), result: waitingListView })

export const saveWaitingHours = defineContract({
  ...CONSOLE.saveWaitingHours,
  payload: z.object({
    ticketTypeId: id,
    offerHours: z.coerce
      .number({ error: 'console:waitingList.hoursRange' })
      .int('console:waitingList.hoursRange')
      .min(OFFER_HOURS.min, 'console:waitingList.hoursRange')
      .max(OFFER_HOURS.max, 'console:waitingList.hoursRange'),
  }),
  result: waitingListView,
})
