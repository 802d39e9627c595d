import { useTranslation } from 'react-i18next'
import type { OrderDetail } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { ETicket } from '../../components/e-ticket/e-ticket.tsx'
import { ticketApplePassPath, ticketGoogleWalletPath, ticketPdfPath } from '../../../shared/checkout-steps.ts'
import { checkoutStyles as ui } from './checkout-page.tsx'
import type { OrderTimes } from './order-loader.ts'

/** The exhibition as a calendar file (made by the platform with the order), offered as a download. */
export function CalendarLink({ order }: { order: Pick<OrderDetail, 'calendar' | 'number'> }) {
  const { t } = useTranslation('tickets')
  if (!order.calendar) return null
  return (
    <a className={ui.linkButton} href={`data:text/calendar;charset=utf-8,${encodeURIComponent(order.calendar)}`} download={`${order.number}.ics`}>
      {t('success.calendar')}
    </a>
  )
}

/**
 * A ticket's wallet passes, each only where the organiser configured that wallet
 * (docs/product.md#wallet-passes); the ticket shown is valid (paid, not voided).
 */
export function WalletLinks({ orderNumber, ticketId, holder }: { orderNumber: string; ticketId: string; holder: string }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <>
      {site.config.wallets.apple ? (
        <a className={ui.linkButton} href={ticketApplePassPath(site.lang, orderNumber, ticketId)} data-testid="ticket-apple-wallet">
          {t('wallet.apple')}
          <span className="visually-hidden"> — {holder}</span>
        </a>
      ) : null}
      {site.config.wallets.google ? (
        <a className={ui.linkButton} href={ticketGoogleWalletPath(site.lang, orderNumber, ticketId)} data-testid="ticket-google-wallet">
          {t('wallet.google')}
          <span className="visually-hidden"> — {holder}</span>
        </a>
      ) : null}
    </>
  )
}

/**
 * One of an order's e-tickets, with the exhibition's facts printed on it, its PDF, its wallet
 * buttons and the calendar file (`calendar: false` where the page offers the calendar once for all tickets).
 */
export function OrderETicket({
  order,
  ticket,
  times,
  calendar = true,
}: {
  order: OrderDetail
  ticket: OrderDetail['tickets'][number]
  times: Pick<OrderTimes, 'dates'>
  calendar?: boolean
}) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const venue = [order.exhibition.venueName, order.exhibition.city].filter(Boolean).join(', ')
  return (
    <ETicket
      position={ticket.position}
      holder={ticket.holder}
      ticketName={ticket.ticketName}
      qr={ticket.qr}
      code={ticket.code}
      exhibitionTitle={order.exhibition.title}
      dates={times.dates}
      venue={venue}
      orderNumber={order.number}
      actions={
        <>
          <a className={ui.linkButton} href={ticketPdfPath(site.lang, order.number, ticket.id)} download data-testid="ticket-pdf">
            {t('pdf.download')}
            {/* Which ticket, for a screen reader's list of links; the card around it says it to the eye. */}
            <span className="visually-hidden"> — {ticket.holder}</span>
          </a>
          <WalletLinks orderNumber={order.number} ticketId={ticket.id} holder={ticket.holder} />
          {calendar ? <CalendarLink order={order} /> : null}
        </>
      }
    />
  )
}
