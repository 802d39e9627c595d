import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderDetail } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { useLocalTime } from '../../../components/countdown-timer/local-time.tsx'
import { checkoutPath, reRegisterPath } from '../../../../shared/checkout-steps.ts'
import { CheckoutPage, keepNumber, checkoutStyles as ui, useFocusOnMount } from '../checkout-page.tsx'
import { ExhibitionFacts } from '../exhibition-facts.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { RefundDue } from '../refund-due.tsx'
import { orderScreen } from '../order-screen.tsx'

/** A cancelled order (by the buyer or by the countdown), with re-register (docs/product.md#order-states). */
export const { loader, Component } = orderScreen('cancelled', Cancelled)

/** Who cancelled: the buyer, the countdown or the organiser (in the console). */
const CANCELLED_TEXT = { buyer: 'cancelled.byBuyer', expired: 'cancelled.expired', staff: 'cancelled.byOrganiser' } as const

function Cancelled({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const when = useLocalTime(order.cancelledAt, times.cancelled ?? times.created, site.htmlLang)
  return (
    <CheckoutPage title={t('cancelled.title')} metaTitle={t('meta.cancelled')} headingRef={heading}>
      <RefundDue due={order.refundDue} refunded={order.refundState === 'refunded'} />
      <section className={ui.card} aria-labelledby="cancelled-reason">
        <p id="cancelled-reason" className={ui.notice}>
          {keepNumber(`${t(CANCELLED_TEXT[order.cancelReason ?? 'buyer'], { number: order.number, time: when })} ${t('cancelled.released')}`, order.number)}
        </p>
        <ExhibitionFacts order={order} times={times} />
        <p className={ui.muted}>{t('cancelled.reRegisterHint')}</p>
        <div className={ui.actions}>
          <Link className={ui.primary} to={reRegisterPath(site.lang, order)}>
            {t('cancelled.reRegister')}
          </Link>
          <Link className={ui.linkButton} to={checkoutPath(site.lang, 'orders')}>
            {t('orders.all')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
