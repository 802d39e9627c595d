import { type ReactNode, useId } from 'react'
import type { OrderDetail } from '../../api/tickets.ts'
import { OrderSummary } from '../../components/money/order-summary.tsx'

/** An order's tickets, discount and total beside a step, with what the step adds below them. */
export function OrderTotals({ order, children }: { order: OrderDetail; children?: ReactNode }) {
  const headingId = useId()
  return (
    <OrderSummary
      headingId={headingId}
      lines={order.lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))}
      currency={order.currency}
      subtotalMinor={order.subtotalMinor}
      discountMinor={order.discountMinor}
      totalMinor={order.totalMinor}
      couponCode={order.couponCode}
    >
      {children}
    </OrderSummary>
  )
}
