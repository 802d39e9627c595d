import { useTranslation } from 'react-i18next'
import { checkoutStyles as ui } from './checkout-page.tsx'

/**
 * Money that could not buy the order (a late or duplicate payment): the buyer is told the refund is
 * on its way, and once the provider has made it, that it has been refunded.
 */
export function RefundDue({ due, refunded = false }: { due: boolean; refunded?: boolean }) {
  const { t } = useTranslation('tickets')
  if (!due && !refunded) return null
  return (
    <p className={due ? `${ui.notice} ${ui.noticeWarn}` : ui.notice} role="status">
      {t(due ? 'order.refundDue' : 'order.refunded')}
    </p>
  )
}
