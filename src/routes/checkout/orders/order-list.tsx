import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { myOrders, type OrderSummary } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { StatusBadge } from '../../../components/account-orders/status-badge.tsx'
import { formatMoney } from '../../../components/money/format.ts'
import { ActionButton } from '../action-button.tsx'
import { CheckoutPage, checkoutStyles as ui } from '../checkout-page.tsx'
import { OrderActions } from '../order-actions.tsx'
import { type OrderTimes, orderTimes } from '../order-loader.ts'
import { CreatedFact, NumberFact, PayByFact } from './order-facts.tsx'
import { HeldTickets, type ShownHeld } from './held-tickets.tsx'
import styles from './orders.module.css'
import { SavedCopyNote } from './saved-copy.tsx'

export type Listed = OrderSummary & { times: OrderTimes }

export const PAGE = 10

/** The buyer's orders, newest first, ten at a time; then the tickets held in their name. */
export function OrderList({ initial, initialMore, held }: { initial: Listed[]; initialMore: boolean; held: ShownHeld[] }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const [items, setItems] = useState(initial)
  const [more, setMore] = useState(initialMore)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)

  const loadMore = async () => {
    const last = items.at(-1)
    if (!last || loading) return
    setLoading(true)
    setFailed(false)
    try {
      const page = await gateway.call(myOrders, { limit: PAGE, before: last.createdAt })
      setItems((current) => [...current, ...page.items.map((item) => ({ ...item, times: orderTimes(item, site.htmlLang) }))])
      setMore(page.more)
    } catch {
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }

  return (
    <CheckoutPage title={t('orders.title')} metaTitle={t('meta.order')}>
      <SavedCopyNote />
      {items.length === 0 ? (
        <section className={ui.card} aria-labelledby="orders-empty">
          <h2 id="orders-empty" className={ui.cardTitle}>
            {t('orders.empty')}
          </h2>
          <div className={ui.actions}>
            <Link className={ui.primary} to={`/${site.lang}/brandExhibition.html`}>
              {t('orders.browse')}
            </Link>
          </div>
        </section>
      ) : (
        <ul className={ui.stack}>
          {items.map((order) => (
            <li key={order.number}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      {failed ? (
        <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
          {t('orders.failed')}
        </p>
      ) : null}
      {more ? (
        <div className={ui.actions}>
          <ActionButton pending={loading} className={ui.secondary} onClick={() => void loadMore()}>
            {failed ? t('orders.retry') : t('orders.more')}
          </ActionButton>
        </div>
      ) : null}
      <HeldTickets items={held} />
    </CheckoutPage>
  )
}

function OrderCard({ order }: { order: Listed }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const titleId = `order-${order.number}`
  return (
    <article className={`${ui.card} ${styles.card}`} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h2 id={titleId} className={ui.cardTitle}>
          {order.exhibition.title}
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <dl className={ui.facts}>
        <NumberFact order={order} />
        <CreatedFact order={order} times={order.times} />
        {order.booth ? (
          <>
            <dt>{t('booth.booth')}</dt>
            <dd>{t('booth.invoiceLine', { number: order.booth.number, hall: order.booth.hall })}</dd>
          </>
        ) : (
          <>
            <dt>{t('order.ticketType')}</dt>
            <dd>
              {(order.services?.lines.map((line) => ({ name: line.label, quantity: line.quantity })) ?? order.lines)
                .map((line) => t('summary.line', { name: line.name, quantity: line.quantity }))
                .join(', ')}
            </dd>
          </>
        )}
        <dt>{t('order.total')}</dt>
        <dd>{order.totalMinor === 0 ? t('summary.free') : formatMoney(order.totalMinor, order.currency, site.htmlLang)}</dd>
        <PayByFact order={order} times={order.times} />
      </dl>
      <OrderActions order={order} details />
    </article>
  )
}
