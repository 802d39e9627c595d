import { useTranslation } from 'react-i18next'
import type { OrderSummary } from '../../api/tickets.ts'
import { checkoutStyles as ui } from './checkout-page.tsx'
import type { OrderTimes } from './order-loader.ts'

/** Which exhibition, when and where, and the order's number. */
export function ExhibitionFacts({ order, times }: { order: Pick<OrderSummary, 'exhibition' | 'number'>; times: Pick<OrderTimes, 'dates'> }) {
  const { t } = useTranslation('tickets')
  const { exhibition } = order
  // The address often names the city already.
  const where = [exhibition.venueName, exhibition.address, exhibition.address.includes(exhibition.city) ? '' : exhibition.city].filter(Boolean).join(', ')
  return (
    <dl className={ui.facts}>
      <dt>{t('review.exhibition')}</dt>
      <dd>{exhibition.title}</dd>
      <dt>{t('review.when')}</dt>
      <dd>{times.dates}</dd>
      <dt>{t('review.where')}</dt>
      <dd>{where}</dd>
      <dt>{t('order.number')}</dt>
      <dd translate="no" className={ui.nowrap}>
        {order.number}
      </dd>
    </dl>
  )
}
