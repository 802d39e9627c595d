import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { cancelTicket, type OrderDetail } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { formatMoney } from '../../components/money/format.ts'
import { useToast } from '../../components/toast/toast.tsx'
import { ActionButton, ActionError } from './action-button.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'
import { useOrderAction } from './use-order-action.ts'

/**
 * My tickets: the buyer cancels one ticket under the refund policy (docs/product.md#refund-policy). The
 * amount that comes back is shown, as money, before the buyer confirms; the platform refunds exactly
 * that or refuses (and the page loads the new amount).
 */
export function CancelTicket({ order, ticket }: { order: OrderDetail; ticket: OrderDetail['tickets'][number] }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const toast = useToast()
  const revalidator = useRevalidator()
  const action = useOrderAction()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const offer = order.selfCancel.find((candidate) => candidate.ticketId === ticket.id)
  if (!offer) return null
  const confirm = () =>
    action.run(async () => {
      await gateway.call(cancelTicket, { orderNumber: order.number, ticketId: ticket.id, expectedRefundMinor: offer.refundMinor })
      toast.show(t('cancelTicket.done'), { tone: 'success' })
      await revalidator.revalidate()
    })
  return (
    <div>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t('cancelTicket.open')}
          <span className="visually-hidden"> — {ticket.holder}</span>
        </button>
      </div>
      <div id={panelId} hidden={!open} className={ui.notice}>
        <p data-testid="cancel-refund">
          {offer.refundMinor > 0
            ? t('cancelTicket.refund', { amount: formatMoney(offer.refundMinor, order.currency, site.htmlLang) })
            : t('cancelTicket.noRefund')}
        </p>
        <p>{t('cancelTicket.void', { holder: ticket.holder })}</p>
        <ActionError text={action.error} />
        <div className={ui.actions}>
          <ActionButton pending={action.pending} className={ui.danger} onClick={() => void confirm()}>
            {t('cancelTicket.confirm')}
          </ActionButton>
          <button type="button" className={ui.secondary} onClick={() => setOpen(false)}>
            {t('cancelTicket.keep')}
          </button>
        </div>
      </div>
    </div>
  )
}
