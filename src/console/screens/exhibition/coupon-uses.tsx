import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type CatalogCoupon, couponOrders } from '../../../api/console-catalog.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import ui from '../../ui/ui.module.css'

/** The orders a code was used in, with the order's state and what the code took off. */
export function CouponUses({ exhibitionId, coupon, onClose }: { exhibitionId: number; coupon: CatalogCoupon; onClose(): void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [orders, setOrders] = useState<RefResult<typeof couponOrders>['orders'] | null>(null)
  useEffect(() => {
    void client.call(couponOrders, { exhibitionId, id: coupon.id }).then((answer) => setOrders(answer.orders))
  }, [client, exhibitionId, coupon.id])
  return (
    <section aria-labelledby="coupon-uses-title" aria-live="polite">
      <h3 id="coupon-uses-title">{t('catalog.usesOf', { code: coupon.code })}</h3>
      {orders === null ? (
        <p className={ui.muted}>{t('catalog.loading')}</p>
      ) : orders.length === 0 ? (
        <p className={ui.muted}>{t('catalog.notUsed')}</p>
      ) : (
        <ul>
          {orders.map((order) => (
            <li key={order.number}>
              <Link to={orderPath(order.number)}>{order.number}</Link> · {t(`orders.state.${order.status}`)} · {order.buyerEmail} · −
              {formatMoney(order.discountMinor, order.currency, language)}
              {order.couponState === 'released' ? ` · ${t('catalog.released')}` : ''}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={`${ui.button} ${ui.small}`} onClick={onClose}>
        {t('catalog.close')}
      </button>
    </section>
  )
}
