import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderSummary } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { changePath, checkoutPath, exhibitorAreaPath, orderDetailPath, orderPath, reRegisterPath } from '../../../shared/checkout-steps.ts'
import { checkoutStyles as ui } from './checkout-page.tsx'

/** The first thing to do with an order in each state: its text and where it leads. */
function firstAction(order: OrderSummary, lang: string): { text: string; to: string } {
  if (order.status === 'pending') return { text: 'order.continue', to: orderPath(lang, order) }
  if (order.status === 'checking') return { text: 'status.checking', to: orderPath(lang, order) }
  // A booth order ends where it began, in the exhibitor area: it has no e-tickets and is not re-registered.
  if (order.booth) return { text: 'booth.backToArea', to: exhibitorAreaPath(lang, order.booth.exhibitorId) }
  if (order.services) return { text: 'booth.backToArea', to: exhibitorAreaPath(lang, order.services.exhibitorId) }
  if (order.status === 'cancelled') return { text: 'order.reRegister', to: reRegisterPath(lang, order) }
  return { text: 'order.viewTickets', to: orderPath(lang, order) }
}

/**
 * What the buyer can do with an order now (docs/product.md#checkout-screens order page): continue paying, change the ticket
 * type or cancel a pending order; re-register a cancelled one; see the e-tickets of a paid one (a booth
 * order: back to the exhibitor area instead).
 */
export function OrderActions({ order, details }: { order: OrderSummary; details?: boolean }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const first = firstAction(order, site.lang)
  return (
    <div className={ui.actions}>
      <Link className={ui.primary} to={first.to}>
        {t(first.text)}
      </Link>
      {order.status === 'pending' ? (
        <>
          {order.booth || order.services ? null : (
            <Link className={ui.linkButton} to={changePath(site.lang, order)}>
              {t('order.changeType')}
            </Link>
          )}
          <Link className={ui.linkButton} to={checkoutPath(site.lang, 'cancelConfirm', { order: order.number })}>
            {t('order.cancel')}
          </Link>
        </>
      ) : null}
      {details ? (
        <Link className={ui.linkButton} to={orderDetailPath(site.lang, order.number)} aria-label={`${t('order.details')} ${order.number}`}>
          {t('order.details')}
        </Link>
      ) : null}
    </div>
  )
}
