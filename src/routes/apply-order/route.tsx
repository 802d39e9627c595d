import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { myOrders, type OrderDetail, type OrderSummary } from '../../api/tickets.ts'
import { loaderContext, useGateway, useSite } from '../../app-state.ts'
import { currentUser } from '../../components/account-menu/user-store.ts'
import { LocalTime, useLocalTime } from '../../components/countdown-timer/local-time.tsx'
import { ETicket } from '../../components/e-ticket/e-ticket.tsx'
import { formatMoney } from '../../components/money/format.ts'
import { CheckoutPage, LoginGate, checkoutStyles as ui, useReloadWhenUserChanges } from '../../components/ticket-stepper/checkout-page.tsx'
import { OrderActions, StatusBadge } from '../../components/ticket-stepper/order-actions.tsx'
import { loadOrder, type OrderTimes, orderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import styles from './order.module.css'

type Listed = OrderSummary & { times: OrderTimes }

type OrderPageData =
  | { kind: 'login' }
  | { kind: 'missing' }
  | { kind: 'order'; order: OrderDetail; times: OrderTimes }
  | { kind: 'list'; items: Listed[]; more: boolean }

const PAGE = 10

/** `?order=` shows one order; without it, the buyer's orders, newest first. */
export async function loader(args: LoaderFunctionArgs): Promise<OrderPageData> {
  const { gateway, site } = args.context.get(loaderContext)
  if (!currentUser(site)) return { kind: 'login' }
  if (new URL(args.request.url).searchParams.has('order')) return loadOrder(args, 'any')
  const page = await gateway.call(myOrders, { limit: PAGE }, { signal: args.request.signal })
  return { kind: 'list', items: page.items.map((item) => ({ ...item, times: orderTimes(item, site.htmlLang) })), more: page.more }
}

/** Order page (SPEC §2, §3): my orders, and one order's details with what can be done with it. */
export function Component() {
  const loaded = useLoaderData() as OrderPageData
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('orders.title')} metaTitle={t('meta.order')}>
        <LoginGate text={t('login.orderText')} />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('orders.title')} />
  if (loaded.kind === 'order') return <Detail order={loaded.order} times={loaded.times} />
  return <OrderList initial={loaded.items} initialMore={loaded.more} />
}

function OrderList({ initial, initialMore }: { initial: Listed[]; initialMore: boolean }) {
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
        <ul className={styles.list}>
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
          <button type="button" className={ui.secondary} onClick={() => void loadMore()} aria-disabled={loading ? true : undefined}>
            {loading ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {failed ? t('orders.retry') : t('orders.more')}
          </button>
        </div>
      ) : null}
    </CheckoutPage>
  )
}

function OrderCard({ order }: { order: Listed }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const titleId = `order-${order.number}`
  const payBy = useLocalTime(order.expiresAt, order.times.expires, site.htmlLang)
  return (
    <article className={`${ui.card} ${styles.card}`} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h2 id={titleId} className={ui.cardTitle}>
          {order.exhibition.title}
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <dl className={ui.facts}>
        <dt>{t('order.number')}</dt>
        <dd translate="no" className={ui.nowrap}>
          {order.number}
        </dd>
        <dt>{t('order.time')}</dt>
        <dd>
          <LocalTime value={order.createdAt} fallback={order.times.created} locale={site.htmlLang} />
        </dd>
        <dt>{t('order.ticketType')}</dt>
        <dd>{order.lines.map((line) => t('summary.line', { name: line.name, quantity: line.quantity })).join(', ')}</dd>
        <dt>{t('order.total')}</dt>
        <dd>{order.totalMinor === 0 ? t('summary.free') : formatMoney(order.totalMinor, order.currency, site.htmlLang)}</dd>
        {order.status === 'pending' ? (
          <>
            <dt>{t('payment.deadline')}</dt>
            <dd>{t('order.payBy', { time: payBy })}</dd>
          </>
        ) : null}
      </dl>
      <OrderActions order={order} details />
    </article>
  )
}

function Detail({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const money = (minor: number) => formatMoney(minor, order.currency, site.htmlLang)
  const venue = [order.exhibition.venueName, order.exhibition.city].filter(Boolean).join(', ')
  const payBy = useLocalTime(order.expiresAt, times.expires, site.htmlLang)
  const cancelledAt = useLocalTime(order.cancelledAt, times.cancelled ?? '', site.htmlLang)
  return (
    <CheckoutPage title={t('meta.orderDetail', { number: order.number })} metaTitle={t('meta.orderDetail', { number: order.number })}>
      <p>
        <Link to={`/${site.lang}/apply/order`}>{t('orders.back')}</Link>
      </p>
      {order.refundDue ? (
        <p className={`${ui.notice} ${ui.noticeWarn}`} role="status">
          {t('order.refundDue')}
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="order-facts">
        <div className={styles.cardHead}>
          <h2 id="order-facts" className={ui.cardTitle}>
            {t('order.details')}
          </h2>
          <StatusBadge status={order.status} />
        </div>
        <dl className={ui.facts}>
          <dt>{t('order.number')}</dt>
          <dd translate="no" className={ui.nowrap}>
            {order.number}
          </dd>
          <dt>{t('order.exhibition')}</dt>
          <dd>{order.exhibition.title}</dd>
          <dt>{t('review.when')}</dt>
          <dd>{times.dates}</dd>
          <dt>{t('order.time')}</dt>
          <dd>
            <LocalTime value={order.createdAt} fallback={times.created} locale={site.htmlLang} />
          </dd>
          {order.couponCode ? (
            <>
              <dt>{t('order.coupon')}</dt>
              <dd translate="no">{order.couponCode}</dd>
            </>
          ) : null}
          {order.status === 'pending' ? (
            <>
              <dt>{t('payment.deadline')}</dt>
              <dd>{t('order.payBy', { time: payBy })}</dd>
            </>
          ) : null}
          {order.status === 'cancelled' && times.cancelled ? (
            <>
              <dt>{t('order.status')}</dt>
              <dd>
                {order.cancelReason === 'expired' ? t('order.cancelledExpired', { time: cancelledAt }) : t('order.cancelledBuyer', { time: cancelledAt })}
              </dd>
            </>
          ) : null}
        </dl>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('summary.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('order.ticketType')}</th>
                <th scope="col">{t('order.unitPrice')}</th>
                <th scope="col">{t('order.quantity')}</th>
                <th scope="col">{t('order.total')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.ticketTypeId}>
                  <th scope="row">{line.name}</th>
                  <td data-label={t('order.unitPrice')}>{line.unitPriceMinor === 0 ? t('summary.free') : money(line.unitPriceMinor)}</td>
                  <td data-label={t('order.quantity')}>{line.quantity}</td>
                  <td data-label={t('order.total')}>{money(line.unitPriceMinor * line.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {order.discountMinor > 0 ? (
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('summary.discount')}
                  </th>
                  <td>−{money(order.discountMinor)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row" colSpan={3}>
                  {t('summary.total')}
                </th>
                <td className={styles.total}>{money(order.totalMinor)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <OrderActions order={order} />
      </section>
      {order.attendees.length ? (
        <section className={ui.card} aria-labelledby="order-attendees">
          <h2 id="order-attendees" className={ui.cardTitle}>
            {t('order.attendees')}
          </h2>
          <ol className={styles.attendees}>
            {order.attendees.map((attendee) => (
              <li key={attendee.position}>
                <span className={styles.attendeeName}>
                  {attendee.firstName} {attendee.lastName}
                </span>
                <span className={ui.muted}>
                  {' · '}
                  {attendee.ticketName} · {attendee.email} · {attendee.phone.international}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {order.tickets.length ? (
        <section aria-labelledby="order-tickets" className={styles.tickets}>
          <h2 id="order-tickets" className={styles.ticketsTitle}>
            {t('success.ticketsTitle')}
          </h2>
          {order.tickets.map((ticket) => (
            <ETicket
              key={ticket.id}
              position={ticket.position}
              holder={ticket.holder}
              ticketName={ticket.ticketName}
              qr={ticket.qr}
              code={ticket.code}
              exhibitionTitle={order.exhibition.title}
              dates={times.dates}
              venue={venue}
              orderNumber={order.number}
            />
          ))}
        </section>
      ) : null}
    </CheckoutPage>
  )
}
