import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { defineContract } from './define.ts'

/** One exhibition at a glance (docs/product.md#console-dashboard); amounts in minor units, per currency. */
export const dashboard = defineContract({
  ...CONSOLE.dashboard,
  payload: z.object({ exhibitionId: z.coerce.number({ error: 'errors.invalid' }).int().positive('errors.invalid') }),
  result: z.object({
    title: z.string(),
    soldPerDay: z.array(z.object({ day: z.string(), tickets: z.number().int() })),
    /** Venue-clock hours (`2027-05-14T09:00`) by gate. */
    checkinsPerHour: z.array(z.object({ hour: z.string(), gate: z.string(), checkins: z.number().int() })),
    ticketTypes: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        capacity: z.number().int(),
        sold: z.number().int(),
        held: z.number().int(),
        left: z.number().int(),
      }),
    ),
    /** Money moved per currency: received by payments, given back by refunds (done and under way), and kept. */
    revenue: z.array(
      z.object({
        currency: z.string(),
        paidOrders: z.number().int(),
        refundedOrders: z.number().int(),
        receivedMinor: z.number().int(),
        refundedMinor: z.number().int(),
        refundingMinor: z.number().int(),
        netMinor: z.number().int(),
      }),
    ),
    expiring: z.array(
      z.object({
        number: z.string(),
        buyerEmail: z.string(),
        currency: z.string(),
        totalMinor: z.number().int(),
        expiresAt: z.string(),
        inGrace: z.boolean(),
      }),
    ),
    refundsWaiting: z.array(
      z.object({
        number: z.string(),
        amountMinor: z.number().int(),
        currency: z.string(),
        status: z.enum(['requested', 'failed']),
        failureText: z.string().nullable(),
        requestedAt: z.string(),
      }),
    ),
  }),
})

export type Dashboard = z.infer<typeof dashboard.result>
