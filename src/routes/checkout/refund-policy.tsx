import { useTranslation } from 'react-i18next'
import type { ExhibitionSummary } from '../../api/tickets.ts'
import { Card } from './card.tsx'
import type { PolicyTimes } from './order-loader.ts'
import { checkoutStyles as ui } from './checkout-page.tsx'

/**
 * docs/product.md#refund-policy as the organiser set it, published before buying and on the order: until
 * when attendee details can change, and what comes back of a ticket its buyer cancels, and when.
 */
export function RefundPolicyNote({ exhibition, times }: { exhibition: Pick<ExhibitionSummary, 'refundPolicy'>; times: PolicyTimes }) {
  const { t } = useTranslation('tickets')
  const { selfCancel } = exhibition.refundPolicy
  const periods = [
    times.fullUntil ? t('policy.full', { date: times.fullUntil }) : null,
    times.partialUntil && times.share ? t('policy.partial', { date: times.partialUntil, share: times.share }) : null,
  ].filter((line): line is string => line !== null)
  return (
    <Card id="refund-policy" title={t('policy.title')}>
      <ul className={ui.muted}>
        <li>{t('policy.changesUntil', { date: times.changesUntil })}</li>
        {!selfCancel ? <li>{t('policy.noSelfCancel')}</li> : null}
        {selfCancel ? periods.map((line) => <li key={line}>{line}</li>) : null}
        {selfCancel ? <li>{t(periods.length ? 'policy.noneAfter' : 'policy.noRefund')}</li> : null}
      </ul>
    </Card>
  )
}
