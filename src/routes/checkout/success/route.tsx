import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderDetail } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { ScanToPhone } from '../../../components/e-ticket/e-ticket.tsx'
import { checkoutPath, orderDetailPath } from '../../../../shared/checkout-steps.ts'
import { CheckoutPage, keepNumber, checkoutStyles as ui, useFocusOnMount } from '../checkout-page.tsx'
import { CalendarLink, OrderETicket } from '../order-e-ticket.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { orderScreen } from '../order-screen.tsx'
import styles from './success.module.css'

/** Registration successful (docs/product.md#checkout-screens): one e-ticket per attendee, the calendar file, and scan-to-phone. */
export const { loader, Component } = orderScreen('success', Success)

function Success({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const intro = order.totalMinor === 0 ? 'success.introFree' : 'success.intro'
  return (
    <CheckoutPage
      title={t('success.title')}
      metaTitle={t('meta.successPage')}
      step="done"
      headingRef={heading}
      lead={
        <div className={styles.lead}>
          <p className={`${ui.notice} ${ui.noticeSuccess}`}>
            {keepNumber(t(intro, { number: order.number, exhibition: order.exhibition.title }), order.number)}
          </p>
          <p>{t('success.email', { email: order.buyerEmail })}</p>
        </div>
      }
    >
      <section aria-labelledby="tickets-title" className={styles.tickets}>
        <div className={styles.ticketsHead}>
          <h2 id="tickets-title" className={styles.ticketsTitle}>
            {t('success.ticketsTitle')}
          </h2>
          <CalendarLink order={order} />
        </div>
        <ol className={ui.stack}>
          {order.tickets.map((ticket) => (
            <li key={ticket.id}>
              <OrderETicket order={order} ticket={ticket} times={times} calendar={false} />
            </li>
          ))}
        </ol>
      </section>
      {order.appLink ? <ScanToPhone kind={order.appLink.kind} url={order.appLink.url} qr={order.appLink.qr} /> : null}
      <div className={ui.actions}>
        <Link className={ui.primary} to={orderDetailPath(site.lang, order.number)}>
          {t('order.details')}
        </Link>
        <Link className={ui.linkButton} to={checkoutPath(site.lang, 'orders')}>
          {t('success.orders')}
        </Link>
      </div>
    </CheckoutPage>
  )
}
