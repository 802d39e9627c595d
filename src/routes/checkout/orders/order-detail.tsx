import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderDetail as Order } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { StatusBadge } from '../../../components/account-orders/status-badge.tsx'
import { useLocalTime } from '../../../components/countdown-timer/local-time.tsx'
import { checkoutPath } from '../../../../shared/checkout-steps.ts'
import { Card } from '../card.tsx'
import { CheckoutPage, checkoutStyles as ui } from '../checkout-page.tsx'
import { BoothFacts } from '../booth-facts.tsx'
import { OrderActions } from '../order-actions.tsx'
import { OrderDocuments } from '../order-documents.tsx'
import { OrderETicket } from '../order-e-ticket.tsx'
import { AnswerList, TicketAnswers } from '../ticket-answers.tsx'
import { AttendeeDetails } from '../attendee-details.tsx'
import { TicketShares } from '../ticket-shares.tsx'
import { CancelTicket } from '../cancel-ticket.tsx'
import { TicketTransfer } from '../ticket-transfer.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { RefundDue } from '../refund-due.tsx'
import { RefundPolicyNote } from '../refund-policy.tsx'
import { CreatedFact, NumberFact, PayByFact } from './order-facts.tsx'
import { OrderLines } from './order-lines.tsx'
import { SavedCopyNote } from './saved-copy.tsx'
import styles from './orders.module.css'
import { displayName } from '../../../../shared/rules/names.ts'

/** One order's details: its facts and lines, what can be done with it, its attendees and e-tickets. */
export function OrderDetail({ order, times }: { order: Order; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <CheckoutPage title={t('meta.orderDetail', { number: order.number })} metaTitle={t('meta.orderDetail', { number: order.number })}>
      <SavedCopyNote />
      <p>
        <Link to={checkoutPath(site.lang, 'orders')}>{t('orders.back')}</Link>
      </p>
      <RefundDue due={order.refundDue} refunded={order.refundState === 'refunded'} />
      <section className={ui.card} aria-labelledby="order-facts">
        <div className={styles.cardHead}>
          <h2 id="order-facts" className={ui.cardTitle}>
            {t('order.details')}
          </h2>
          <StatusBadge status={order.status} />
        </div>
        <DetailFacts order={order} times={times} />
        <OrderLines order={order} />
        <OrderActions order={order} />
      </section>
      {order.attendees.length ? (
        <Card id="order-attendees" title={t('order.attendees')}>
          <ol className={styles.attendees}>
            {order.attendees.map((attendee) => (
              <li key={attendee.position}>
                <span className={styles.attendeeName}>{displayName({ first: attendee.firstName, last: attendee.lastName })}</span>
                <span className={ui.muted}>
                  {' · '}
                  {[attendee.ticketName, attendee.jobTitle, attendee.company, attendee.email, attendee.phone.international].filter(Boolean).join(' · ')}
                </span>
                {order.tickets.length ? null : <AnswerList answers={attendee.answerTexts} />}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
      {order.booth === null && order.services === null && order.status !== 'cancelled' ? (
        <RefundPolicyNote exhibition={order.exhibition} times={times.policy} />
      ) : null}
      <OrderDocuments order={order} />
      {order.tickets.length ? (
        <section aria-labelledby="order-tickets" className={styles.tickets}>
          <h2 id="order-tickets" className={styles.ticketsTitle}>
            {t('success.ticketsTitle')}
          </h2>
          {order.tickets.map((ticket) => (
            <div key={ticket.id}>
              <OrderETicket order={order} ticket={ticket} times={times} />
              <AttendeeDetails
                orderNumber={order.number}
                position={ticket.position}
                attendee={order.attendees.find((attendee) => attendee.position === ticket.position)}
                open={order.answersOpen}
              />
              <TicketAnswers order={order} position={ticket.position} />
              <TicketShares order={order} position={ticket.position} />
              <TicketTransfer
                orderNumber={order.number}
                position={ticket.position}
                holder={ticket.holder}
                open={order.transferable.includes(ticket.position)}
                pending={pendingTransfer(order, times, ticket.position)}
              />
              <CancelTicket order={order} ticket={ticket} />
            </div>
          ))}
        </section>
      ) : null}
      <TransferredTickets order={order} />
    </CheckoutPage>
  )
}

/** The offer of a ticket waiting for its recipient, with its deadline as the loader wrote it. */
function pendingTransfer(order: Order, times: OrderTimes, position: number) {
  const found = order.transfers.find((each) => each.position === position)?.transfer
  return found?.state === 'pending' ? { recipientEmail: found.recipientEmail, until: times.transfers?.[position] ?? '' } : null
}

/** Tickets handed to someone else (docs/product.md#ticket-transfer): their holder's name only, no code. */
function TransferredTickets({ order }: { order: Order }) {
  const { t } = useTranslation('tickets')
  const done = order.transfers.flatMap(({ position, transfer }) => (transfer.state === 'transferred' ? [{ position, holder: transfer.holder }] : []))
  if (!done.length) return null
  return (
    <ul className={ui.stack}>
      {done.map((each) => (
        <li key={each.position} className={ui.card} data-testid="transferred-ticket">
          <p className={styles.attendeeName}>{t('transfer.transferred', { name: each.holder })}</p>
          <p className={ui.muted}>{t('transfer.transferredNote', { name: each.holder })}</p>
        </li>
      ))}
    </ul>
  )
}

/** Who cancelled: the buyer, the countdown or the organiser (in the console). */
const CANCELLED_STATUS = { buyer: 'order.cancelledBuyer', expired: 'order.cancelledExpired', staff: 'order.cancelledOrganiser' } as const

function DetailFacts({ order, times }: { order: Order; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const cancelledAt = useLocalTime(order.cancelledAt, times.cancelled ?? '', site.htmlLang)
  return (
    <dl className={ui.facts}>
      <NumberFact order={order} />
      <dt>{t('order.exhibition')}</dt>
      <dd>{order.exhibition.title}</dd>
      {order.booth ? <BoothFacts booth={order.booth} /> : null}
      <dt>{t('review.when')}</dt>
      <dd>{times.dates}</dd>
      <CreatedFact order={order} times={times} />
      {order.couponCode ? (
        <>
          <dt>{t('order.coupon')}</dt>
          <dd translate="no">{order.couponCode}</dd>
        </>
      ) : null}
      <PayByFact order={order} times={times} />
      {order.status === 'cancelled' && times.cancelled ? (
        <>
          <dt>{t('order.status')}</dt>
          <dd>{t(CANCELLED_STATUS[order.cancelReason ?? 'buyer'], { time: cancelledAt })}</dd>
        </>
      ) : null}
    </dl>
  )
}
