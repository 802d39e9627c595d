import { useTranslation } from 'react-i18next'
import { checkoutStyles as ui } from './checkout-page.tsx'

/** A cancelled order that was paid meanwhile (a late payment): the buyer is told the refund is on its way. */
export function RefundDue({ due }: { due: boolean }) {
  const { t } = useTranslation('tickets')
  if (!due) return null
  return (
    <p className={`${ui.notice} ${ui.noticeWarn}`} role="status">
      {t('order.refundDue')}
    </p>
  )
}
