import { type ReactNode, useId } from 'react'
import type { OrderDetail } from '../../api/tickets.ts'
import { useTranslation } from 'react-i18next'
import { OrderSummary } from '../../components/money/order-summary.tsx'

/** An order's lines as tables list them: its tickets, or the one booth a booth order buys. */
export function orderRows(order: OrderDetail, boothLine: string) {
  if (order.booth) return [{ key: 0, name: boothLine, quantity: 1, unitPriceMinor: order.totalMinor }]
  // A services order's lines are a form's items as ordered (docs/product.md#exhibitor-forms).
  if (order.services)
    return order.services.lines.map((line, index) => ({ key: index, name: line.label, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))
  return order.lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))
}

/** An order's tickets, discount and total beside a step, with what the step adds below them. */
export function OrderTotals({ order, children }: { order: OrderDetail; children?: ReactNode }) {
  const { t } = useTranslation('tickets')
  const headingId = useId()
  return (
    <OrderSummary
      headingId={headingId}
      lines={orderRows(order, t('booth.invoiceLine', { number: order.booth?.number, hall: order.booth?.hall }))}
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
