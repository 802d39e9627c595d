import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderDetail } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { ScanToPhone } from '../../../components/e-ticket/e-ticket.tsx'
import { checkoutPath, exhibitorAreaPath, orderDetailPath } from '../../../../shared/checkout-steps.ts'
import { BoothFacts } from '../booth-facts.tsx'
import { Card } from '../card.tsx'
import { OrderDocuments } from '../order-documents.tsx'
import { CheckoutPage, keepNumber, checkoutStyles as ui, useFocusOnMount } from '../checkout-page.tsx'
import { CalendarLink, OrderETicket } from '../order-e-ticket.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { orderScreen } from '../order-screen.tsx'
import { formatMoney } from '../../../components/money/format.ts'
import styles from './success.module.css'

/**
 * Registration successful (docs/product.md#checkout-screens): one e-ticket per attendee, the calendar file, and scan-to-phone;
 * for a booth order, the booth it bought instead.
 */
export const { loader, Component } = orderScreen('success', Success)

function Success({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  if (order.booth) return <BoothSuccess order={order} booth={order.booth} />
  if (order.services) return <ServicesSuccess order={order} services={order.services} />
  return <TicketsSuccess order={order} times={times} />
}

/** A paid booth order (docs/product.md#booth-checkout): the booth, its invoice, and the way back to the exhibitor area. */
function BoothSuccess({ order, booth }: { order: OrderDetail; booth: NonNullable<OrderDetail['booth']> }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <SuccessPage
      order={order}
      intro={t('booth.successIntro', { booth: booth.number, number: order.number, exhibition: order.exhibition.title })}
      email={t('booth.successEmail', { email: order.buyerEmail })}
    >
      <Card id="booth-title" title={t('booth.title')}>
        <dl className={ui.facts}>
          <BoothFacts booth={booth} />
          <dt>{t('booth.paid')}</dt>
          <dd>{formatMoney(order.totalMinor, order.currency, site.htmlLang)}</dd>
        </dl>
      </Card>
      <OrderDocuments order={order} />
      <div className={ui.actions}>
        <Link className={ui.primary} to={exhibitorAreaPath(site.lang, booth.exhibitorId)}>
          {t('booth.backToArea')}
        </Link>
        <Link className={ui.linkButton} to={orderDetailPath(site.lang, order.number)}>
          {t('order.details')}
        </Link>
      </div>
    </SuccessPage>
  )
}

/** A paid services order (docs/product.md#exhibitor-forms): the items, the invoice, and the way back to the exhibitor area. */
function ServicesSuccess({ order, services }: { order: OrderDetail; services: NonNullable<OrderDetail['services']> }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <SuccessPage
      order={order}
      intro={t('services.successIntro', { number: order.number, exhibition: order.exhibition.title })}
      email={t('booth.successEmail', { email: order.buyerEmail })}
    >
      <Card id="services-title" title={t('services.title')}>
        <dl className={ui.facts}>
          {services.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed once ordered
            <Fragment key={index}>
              <dt>{t('summary.line', { name: line.label, quantity: line.quantity })}</dt>
              <dd>{formatMoney(line.quantity * line.unitPriceMinor, order.currency, site.htmlLang)}</dd>
            </Fragment>
          ))}
          <dt>{t('booth.paid')}</dt>
          <dd>{formatMoney(order.totalMinor, order.currency, site.htmlLang)}</dd>
        </dl>
      </Card>
      <OrderDocuments order={order} />
      <div className={ui.actions}>
        <Link className={ui.primary} to={exhibitorAreaPath(site.lang, services.exhibitorId)}>
          {t('booth.backToArea')}
        </Link>
        <Link className={ui.linkButton} to={orderDetailPath(site.lang, order.number)}>
          {t('order.details')}
        </Link>
      </div>
    </SuccessPage>
  )
}

/** The page around either kind of paid order: its heading, what was bought and where the mail went. */
function SuccessPage({ order, intro, email, children }: { order: OrderDetail; intro: string; email: string; children: ReactNode }) {
  const { t } = useTranslation('tickets')
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <CheckoutPage
      title={t('success.title')}
      metaTitle={t('meta.successPage')}
      step="done"
      headingRef={heading}
      lead={
        <div className={styles.lead}>
          <p className={`${ui.notice} ${ui.noticeSuccess}`}>{keepNumber(intro, order.number)}</p>
          <p>{email}</p>
        </div>
      }
    >
      {children}
    </CheckoutPage>
  )
}

function TicketsSuccess({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const intro = order.totalMinor === 0 ? 'success.introFree' : 'success.intro'
  return (
    <SuccessPage
      order={order}
      intro={t(intro, { number: order.number, exhibition: order.exhibition.title })}
      email={t('success.email', { email: order.buyerEmail })}
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
    </SuccessPage>
  )
}
