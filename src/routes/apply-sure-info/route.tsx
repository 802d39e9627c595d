import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { changePath, confirmOrder, type OrderDetail, orderPath } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { CountdownTimer } from '../../components/countdown-timer/countdown-timer.tsx'
import { OrderSummary } from '../../components/money/order-summary.tsx'
import { CheckoutPage, LoginGate, checkoutStyles as ui, useReloadWhenUserChanges } from '../../components/ticket-stepper/checkout-page.tsx'
import { refusalOf } from '../../components/ticket-stepper/errors.ts'
import { ExhibitionFacts } from '../../components/ticket-stepper/exhibition-facts.tsx'
import { loadOrder, type OrderLoad, type OrderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import { useToast } from '../../components/toast/toast.tsx'
import styles from './sure-info.module.css'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'sureInfo')

/** Review (PRODUCT.md `sureInfo`): the exhibition, the tickets and every attendee, then confirm. */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('review.title')} metaTitle={t('meta.sureInfo')} step="review">
        <LoginGate />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('review.title')} />
  return <Review order={loaded.order} times={loaded.times} />
}

function Review({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const summaryId = useId()
  const free = order.totalMinor === 0

  const confirm = async () => {
    if (pending) return
    setPending(true)
    setError(null)
    try {
      const confirmed = await gateway.call(confirmOrder, { orderNumber: order.number })
      navigate(orderPath(site.lang, confirmed))
    } catch (failure) {
      const refusal = refusalOf(t, failure)
      setError(refusal.text)
      toast.show(refusal.text, { tone: 'error', duration: 4000 })
      if (refusal.status === 409 || refusal.status === 410) void revalidator.revalidate()
    } finally {
      setPending(false)
    }
  }

  const aside = (
    <>
      <OrderSummary
        headingId={summaryId}
        lines={order.lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))}
        currency={order.currency}
        subtotalMinor={order.subtotalMinor}
        discountMinor={order.discountMinor}
        totalMinor={order.totalMinor}
        couponCode={order.couponCode}
      >
        <p className={styles.terms}>{t('review.terms')}</p>
        {error ? (
          <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" className={`${ui.primary} ${ui.wide}`} onClick={() => void confirm()} aria-disabled={pending ? true : undefined}>
          {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {pending ? t('review.confirming') : free ? t('review.confirmFree') : t('review.confirm')}
        </button>
      </OrderSummary>
    </>
  )

  return (
    <CheckoutPage title={t('review.title')} metaTitle={t('meta.sureInfo')} step="review" lead={<p>{t('review.intro')}</p>} aside={aside}>
      <CountdownTimer
        compact
        deadline={order.expiresAt}
        serverNow={order.serverNow}
        label={t('payment.deadline')}
        expiredText={t('payment.expired')}
        announce={(minutes) => t('payment.minutesLeft', { count: minutes })}
        onExpired={() => void revalidator.revalidate()}
      />
      <section className={ui.card} aria-labelledby="review-exhibition">
        <h2 id="review-exhibition" className={ui.cardTitle}>
          {t('review.exhibition')}
        </h2>
        <ExhibitionFacts order={order} times={times} />
        <div className={ui.actions}>
          <Link className={ui.linkButton} to={changePath(site.lang, order)}>
            {t('review.changeTickets')}
          </Link>
        </div>
      </section>
      <section className={ui.card} aria-labelledby="review-attendees">
        <h2 id="review-attendees" className={ui.cardTitle}>
          {t('review.attendees')}
        </h2>
        <ol className={styles.attendees}>
          {order.attendees.map((attendee) => (
            <li key={attendee.position} className={styles.attendee}>
              <p className={styles.name}>
                {attendee.firstName} {attendee.lastName}
                <span className={styles.ticket}>{attendee.ticketName}</span>
              </p>
              <dl className={ui.facts}>
                <dt>{t('attendees.email')}</dt>
                <dd>{attendee.email}</dd>
                <dt>{t('attendees.phone')}</dt>
                <dd>{attendee.phone.international}</dd>
                <dt>{t('attendees.identity')}</dt>
                <dd>{t(`identity.${attendee.identity}`)}</dd>
                <dt>{t('attendees.industry')}</dt>
                <dd>{t(`industry.${attendee.industry}`)}</dd>
              </dl>
            </li>
          ))}
        </ol>
        <div className={ui.actions}>
          <Link className={ui.linkButton} to={`/${site.lang}/apply/infoPage?order=${encodeURIComponent(order.number)}`}>
            {t('review.editAttendees')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
