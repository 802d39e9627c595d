import type { z } from 'zod'
import type { ConsoleOrderDetail } from '../../../../shared/contracts/console-orders.ts'
import type { attendeeInput } from '../../../../shared/contracts/tickets.ts'
import type { Locale } from '../../../../shared/languages.ts'
import { MESSAGES } from '../../../../shared/rules/tickets.ts'
import { invalid, notFound } from '../../errors.ts'
import { orderTransaction } from '../lock-pending.ts'
import { queueAttendeeChangedMail, queueAttendeeTickets } from '../order-mails.ts'
import { decide } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import * as payments from '../payments/payments.repo.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { consoleOrderDetail, ticketFacts } from './order-detail.ts'
import { auditedAttendee } from './order-snapshot.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { orderInScope, staffBusy, staffRefusal } from './staff-scope.ts'
import * as staffOrders from './staff-orders.repo.ts'

type AttendeeInput = z.output<typeof attendeeInput>

const same = (a: ReturnType<typeof auditedAttendee>, b: ReturnType<typeof auditedAttendee>) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Staff correct one attendee (a misspelt name, another colleague coming instead), checked by the
 * checkout's own rules (the contract's attendee schema, and addresses and phones unique within the
 * order). The buyer is told; on a paid order a new address receives its e-ticket, under a new code
 * unless the door already saw the ticket (the old address's code stops working). Nothing changes, and
 * nothing is recorded, when the details are the same.
 */
export async function changeAttendee(
  context: TicketsContext,
  actor: StaffActor,
  payload: { number: string; attendeeId: string; attendee: AttendeeInput },
): Promise<ConsoleOrderDetail> {
  const { db } = context.platform
  const order = await orderInScope(db, actor, payload.number)
  const info = await context.exhibitions.get(order.exhibition_id, order.locale as Locale)
  await orderTransaction(
    db,
    async (tx) => {
      const locked = await orderInScope(tx, actor, payload.number, true)
      const attempt = locked.status === 'pending' ? await payments.openAttempt(tx, locked.id, true) : null
      const decision = decide(locked, attempt, 'editByStaff')
      if (decision.kind === 'refuse') throw staffRefusal(decision.refusal)
      const all = await orders.attendeesOf(tx, locked.id)
      const current = all.find((row) => row.id === payload.attendeeId)
      if (!current) throw notFound('console:errors.attendeeNotFound')
      const input = payload.attendee
      const others = all.filter((row) => row.id !== current.id)
      if (others.some((row) => row.email.toLowerCase() === input.email.toLowerCase())) throw invalid({ email: MESSAGES.emailRepeated })
      if (others.some((row) => row.phone_e164 === input.phone.e164)) throw invalid({ phone: MESSAGES.phoneRepeated })
      const before = auditedAttendee(current)
      const next: orders.AttendeeRow = {
        ...current,
        first_name: input.firstName,
        last_name: input.lastName,
        company: input.company,
        job_title: input.jobTitle,
        email: input.email,
        phone_e164: input.phone.e164,
        phone_country: input.phone.country,
        identity: input.identity,
        industry: input.industry,
      }
      if (same(before, auditedAttendee(next))) return
      await staffOrders.updateAttendee(tx, next)
      await orders.logEvent(tx, locked.id, 'attendeeChanged', { position: current.position, staffId: actor.staffId })
      await queueAttendeeChangedMail(context, tx, locked, next)
      const ticket = (await ticketFacts(tx, locked, locked.locale as Locale)).find((row) => row.attendeeId === current.id && !row.voided)
      let reissued = false
      if (locked.status === 'paid' && ticket && next.email.toLowerCase() !== current.email.toLowerCase()) {
        // Another person comes instead: the code the old address holds must stop opening the door.
        const fresh = await staffOrders.reissueTicket(tx, ticket.id, (id) => context.signer.sign(id, locked.exhibition_id))
        reissued = fresh !== null
        if (reissued) await orders.logEvent(tx, locked.id, 'ticketReissued', { position: current.position, staffId: actor.staffId })
        const code = fresh ?? ticket.code
        await queueAttendeeTickets(context, tx, locked, info, [{ attendee: next, ticketName: ticket.typeName, code }], { includeBuyer: false })
      }
      await context.platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        { function: 'console$changeAttendee', target: `order:${locked.number}`, before, after: { ...auditedAttendee(next), ticketReissued: reissued } },
      )
    },
    staffBusy,
  )
  return consoleOrderDetail(context.platform, (await orders.orderById(db, order.id)) as orders.OrderRow, actor.locale)
}
