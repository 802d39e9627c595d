import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import type { OrderDetail } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { ETicket, ScanToPhone } from '../../components/e-ticket/e-ticket.tsx'
import {
  CheckoutPage,
  checkoutStyles as ui,
  keepNumber,
  LoginGate,
  useFocusOnMount,
  useReloadWhenUserChanges,
} from '../../components/ticket-stepper/checkout-page.tsx'
import { loadOrder, type OrderLoad, type OrderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import styles from './success.module.css'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'successPage')

/** Registration successful (SPEC §2): one e-ticket per attendee, the calendar file, and scan-to-phone. */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('success.title')} metaTitle={t('meta.successPage')} step="done">
        <LoginGate text={t('login.orderText')} />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('success.title')} />
  return <Success order={loaded.order} times={loaded.times} />
}

function Success({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const venue = [order.exhibition.venueName, order.exhibition.city].filter(Boolean).join(', ')
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
          {order.calendar ? (
            <a className={ui.linkButton} href={`data:text/calendar;charset=utf-8,${encodeURIComponent(order.calendar)}`} download={`${order.number}.ics`}>
              {t('success.calendar')}
            </a>
          ) : null}
        </div>
        <ol className={styles.list}>
          {order.tickets.map((ticket) => (
            <li key={ticket.id}>
              <ETicket
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
            </li>
          ))}
        </ol>
      </section>
      {order.appLink ? <ScanToPhone kind={order.appLink.kind} url={order.appLink.url} qr={order.appLink.qr} /> : null}
      <div className={ui.actions}>
        <Link className={ui.primary} to={`/${site.lang}/apply/order?order=${encodeURIComponent(order.number)}`}>
          {t('order.details')}
        </Link>
        <Link className={ui.linkButton} to={`/${site.lang}/apply/order`}>
          {t('success.orders')}
        </Link>
      </div>
    </CheckoutPage>
  )
}
