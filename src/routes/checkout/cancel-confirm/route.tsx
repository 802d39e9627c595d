import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { cancelOrder, type OrderDetail } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { useToast } from '../../../components/toast/toast.tsx'
import { orderPath } from '../../../../shared/checkout-steps.ts'
import { ActionButton, ActionError } from '../action-button.tsx'
import { CheckoutPage, keepNumber, checkoutStyles as ui } from '../checkout-page.tsx'
import { ExhibitionFacts } from '../exhibition-facts.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { orderScreen } from '../order-screen.tsx'
import { useOrderAction } from '../use-order-action.ts'

/** docs/product.md#order-states "A pending order can be cancelled after confirmation": this page is the confirmation. */
export const { loader, Component } = orderScreen('cancelConfirm', Confirm)

function Confirm({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const toast = useToast()
  const action = useOrderAction({ toast: false })

  const cancel = () =>
    action.run(async () => {
      const cancelled = await gateway.call(cancelOrder, { orderNumber: order.number })
      toast.show(t('cancel.done'), { tone: 'success' })
      navigate(orderPath(site.lang, cancelled), { replace: true })
    })

  return (
    <CheckoutPage title={t('cancel.title')} metaTitle={t('meta.orderCancel')}>
      <section className={ui.card} aria-labelledby="cancel-text">
        <p id="cancel-text" className={ui.notice}>
          {keepNumber(t('cancel.text', { number: order.number }), order.number)}
        </p>
        <ExhibitionFacts order={order} times={times} />
        <ActionError text={action.error} />
        <div className={ui.actions}>
          <ActionButton pending={action.pending} className={ui.danger} onClick={() => void cancel()}>
            {action.pending ? t('cancel.cancelling') : t('cancel.confirm')}
          </ActionButton>
          <Link className={ui.linkButton} to={orderPath(site.lang, order)}>
            {t('cancel.keep')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
