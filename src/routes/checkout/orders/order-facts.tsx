import { useTranslation } from 'react-i18next'
import type { OrderSummary } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { LocalTime, useLocalTime } from '../../../components/countdown-timer/local-time.tsx'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import type { OrderTimes } from '../order-loader.ts'

type Order = Pick<OrderSummary, 'number' | 'status' | 'createdAt' | 'expiresAt'>

/** The facts an order card and an order's details both begin with: its number and when it was made. */
export function NumberFact({ order }: { order: Order }) {
  const { t } = useTranslation('tickets')
  return (
    <>
      <dt>{t('order.number')}</dt>
      <dd translate="no" className={ui.nowrap}>
        {order.number}
      </dd>
    </>
  )
}

export function CreatedFact({ order, times }: { order: Order; times: Pick<OrderTimes, 'created'> }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <>
      <dt>{t('order.time')}</dt>
      <dd>
        <LocalTime value={order.createdAt} fallback={times.created} locale={site.htmlLang} />
      </dd>
    </>
  )
}

/** A pending order's payment deadline, in the buyer's own time once the browser knows it. */
export function PayByFact({ order, times }: { order: Order; times: Pick<OrderTimes, 'expires'> }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const payBy = useLocalTime(order.expiresAt, times.expires, site.htmlLang)
  if (order.status !== 'pending') return null
  return (
    <>
      <dt>{t('payment.deadline')}</dt>
      <dd>{t('order.payBy', { time: payBy })}</dd>
    </>
  )
}
