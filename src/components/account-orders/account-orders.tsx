import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { myOrders, type OrderSummary } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import { checkoutPath, exhibitorAreaPath, orderDetailPath, orderPath } from '../../../shared/checkout-steps.ts'
import { formatMoney } from '../money/format.ts'
import styles from '../account-section/account-section.module.css'
import { StatusBadge } from './status-badge.tsx'

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: OrderSummary[]; more: boolean }

const SHOWN = 3

/**
 * "My orders" on the account page (docs/product.md#routes /{lang}/info.html): the newest ticket orders with their
 * state and the next thing to do. Personal, so it is fetched in the browser; it brings its own
 * strings (the `tickets` namespace), so the account page needs nothing but `<AccountOrders />`.
 */
export function AccountOrders() {
  const gateway = useGateway()
  const stringsReady = useNamespace('tickets')
  const [state, setState] = useState<State>({ kind: 'loading' })

  const load = useCallback(() => {
    setState({ kind: 'loading' })
    gateway.call(myOrders, { limit: SHOWN }).then(
      (page) => setState({ kind: 'ready', items: page.items, more: page.more }),
      () => setState({ kind: 'failed' }),
    )
  }, [gateway])
  useEffect(load, [load])

  // Server HTML and the first browser render are the same empty frame: nothing personal, no mismatch.
  if (!stringsReady) return <section className={styles.section} aria-busy="true" />
  return <OrdersList state={state} onRetry={load} />
}

function OrdersList({ state, onRetry }: { state: State; onRetry(): void }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <section className={styles.section} aria-labelledby="account-orders-title" aria-busy={state.kind === 'loading'}>
      <div className={styles.head}>
        <h2 id="account-orders-title" className={styles.title}>
          {t('account.title')}
        </h2>
        <Link className={styles.headLink} to={checkoutPath(site.lang, 'orders')}>
          {t('account.all')}
        </Link>
      </div>
      {state.kind === 'loading' ? <p className={styles.note}>{t('account.loading')}</p> : null}
      {state.kind === 'failed' ? (
        <div className={styles.note} role="alert">
          <p>{t('account.failed')}</p>
          <button type="button" className={styles.retry} onClick={onRetry}>
            {t('account.retry')}
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' && state.items.length === 0 ? (
        <p className={styles.note}>
          {t('account.empty')} <Link to={`/${site.lang}/brandExhibition.html`}>{t('account.buy')}</Link>
        </p>
      ) : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ul className={styles.list}>
          {state.items.map((order) => (
            <li key={order.number} className={styles.item}>
              <div className={styles.itemHead}>
                <h3 className={styles.exhibition}>
                  <Link to={orderDetailPath(site.lang, order.number)}>{order.exhibition.title}</Link>
                </h3>
                <StatusBadge status={order.status} />
              </div>
              <p className={styles.meta}>
                <span translate="no">{order.number}</span>
                {' · '}
                {order.booth
                  ? t('booth.invoiceLine', { number: order.booth.number, hall: order.booth.hall })
                  : (order.services?.lines.map((line) => ({ name: line.label, quantity: line.quantity })) ?? order.lines)
                      .map((line) => t('summary.line', { name: line.name, quantity: line.quantity }))
                      .join(', ')}
                {' · '}
                {order.totalMinor === 0 ? t('summary.free') : formatMoney(order.totalMinor, order.currency, site.htmlLang)}
              </p>
              {(order.booth ?? order.services) && order.status === 'paid' ? (
                // A bought booth or form has no e-tickets: its place is the exhibitor area (docs/product.md#booth-checkout).
                <Link className={styles.action} to={exhibitorAreaPath(site.lang, (order.booth ?? order.services)?.exhibitorId ?? 0)}>
                  {t('booth.backToArea')}
                </Link>
              ) : order.status === 'pending' || order.status === 'paid' ? (
                <Link className={styles.action} to={orderPath(site.lang, order)}>
                  {order.status === 'pending' ? t('order.continue') : t('order.viewTickets')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
