import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { changePath, type OrderSummary, orderPath, reRegisterPath } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { checkoutStyles as ui } from './checkout-page.tsx'

/** The order's state as a badge (SPEC §4 order states). */
export function StatusBadge({ status }: { status: OrderSummary['status'] }) {
  const { t } = useTranslation('tickets')
  return <span className={`${ui.badge} ${ui[status]}`}>{t(`status.${status}`)}</span>
}

/**
 * What the buyer can do with an order now (SPEC §2 order page): continue paying, change the ticket
 * type or cancel a pending order; re-register a cancelled one; see the e-tickets of a paid one.
 */
export function OrderActions({ order, details }: { order: OrderSummary; details?: boolean }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const query = `?order=${encodeURIComponent(order.number)}`
  const detailsLink = details ? (
    <Link className={ui.linkButton} to={`/${site.lang}/apply/order${query}`} aria-label={`${t('order.details')} ${order.number}`}>
      {t('order.details')}
    </Link>
  ) : null
  if (order.status === 'pending') {
    return (
      <div className={ui.actions}>
        <Link className={ui.primary} to={orderPath(site.lang, order)}>
          {t('order.continue')}
        </Link>
        <Link className={ui.linkButton} to={changePath(site.lang, order)}>
          {t('order.changeType')}
        </Link>
        <Link className={ui.linkButton} to={`/${site.lang}/apply/orderCancel${query}`}>
          {t('order.cancel')}
        </Link>
        {detailsLink}
      </div>
    )
  }
  if (order.status === 'checking') {
    return (
      <div className={ui.actions}>
        <Link className={ui.primary} to={orderPath(site.lang, order)}>
          {t('status.checking')}
        </Link>
        {detailsLink}
      </div>
    )
  }
  if (order.status === 'cancelled') {
    return (
      <div className={ui.actions}>
        <Link className={ui.primary} to={reRegisterPath(site.lang, order)}>
          {t('order.reRegister')}
        </Link>
        {detailsLink}
      </div>
    )
  }
  return (
    <div className={ui.actions}>
      <Link className={ui.primary} to={orderPath(site.lang, order)}>
        {t('order.viewTickets')}
      </Link>
      {detailsLink}
    </div>
  )
}
