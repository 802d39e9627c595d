import type { OrderDetail } from '../../api/tickets.ts'
import { ETicket } from '../../components/e-ticket/e-ticket.tsx'
import type { OrderTimes } from './order-loader.ts'

/** One of an order's e-tickets, with the exhibition's facts printed on it. */
export function OrderETicket({ order, ticket, times }: { order: OrderDetail; ticket: OrderDetail['tickets'][number]; times: Pick<OrderTimes, 'dates'> }) {
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
    />
  )
}
