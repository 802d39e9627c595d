import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator, useSearchParams } from 'react-router'
import { type OrderDetail, type PaymentMethod, startPayment } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { CountdownTimer } from '../../components/countdown-timer/countdown-timer.tsx'
import { useLocalTime } from '../../components/countdown-timer/local-time.tsx'
import { formatMoney } from '../../components/money/format.ts'
import { OrderSummary } from '../../components/money/order-summary.tsx'
import { CheckoutPage, LoginGate, checkoutStyles as ui, useReloadWhenUserChanges } from '../../components/ticket-stepper/checkout-page.tsx'
import { refusalOf } from '../../components/ticket-stepper/errors.ts'
import { ExhibitionFacts } from '../../components/ticket-stepper/exhibition-facts.tsx'
import { loadOrder, type OrderLoad, type OrderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import { useToast } from '../../components/toast/toast.tsx'
import styles from './payment.module.css'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'payment')

/** Payment (SPEC §2): the method, the countdown to the deadline, the refund guide and the instructions. */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('payment.title')} metaTitle={t('meta.payment')} step="payment">
        <LoginGate />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('payment.title')} />
  return <Payment order={loaded.order} times={loaded.times} />
}

function Payment({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const revalidator = useRevalidator()
  const toast = useToast()
  const [search] = useSearchParams()
  const [method, setMethod] = useState<PaymentMethod>(order.methods[0] ?? 'sandbox')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const summaryId = useId()
  const result = search.get('result')
  const amount = formatMoney(order.totalMinor, order.currency, site.htmlLang)
  const deadline = useLocalTime(order.expiresAt, times.expires, site.htmlLang)

  const pay = async () => {
    if (pending) return
    setPending(true)
    setError(null)
    try {
      const { redirectUrl } = await gateway.call(startPayment, { orderNumber: order.number, method })
      // The provider's page (the sandbox here, Stripe Checkout elsewhere); it sends the payer back.
      window.location.assign(redirectUrl)
    } catch (failure) {
      const refusal = refusalOf(t, failure)
      setError(refusal.text)
      toast.show(refusal.text, { tone: 'error', duration: 4000 })
      setPending(false)
      if (refusal.status === 409 || refusal.status === 410) void revalidator.revalidate()
    }
  }

  const aside = (
    <OrderSummary
      headingId={summaryId}
      lines={order.lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))}
      currency={order.currency}
      subtotalMinor={order.subtotalMinor}
      discountMinor={order.discountMinor}
      totalMinor={order.totalMinor}
      couponCode={order.couponCode}
    >
      <ExhibitionFacts order={order} times={times} />
    </OrderSummary>
  )

  return (
    <CheckoutPage title={t('payment.title')} metaTitle={t('meta.payment')} step="payment" aside={aside}>
      <CountdownTimer
        deadline={order.expiresAt}
        serverNow={order.serverNow}
        label={t('payment.deadline')}
        expiredText={t('payment.expired')}
        announce={(minutes) => t('payment.minutesLeft', { count: minutes })}
        onExpired={() => void revalidator.revalidate()}
      />
      <p className={ui.muted}>{t('payment.deadlineNote', { time: deadline })}</p>
      {result === 'failed' || result === 'cancelled' ? (
        <p className={`${ui.notice} ${result === 'failed' ? ui.noticeError : ui.noticeWarn}`} role="status">
          {t(`payment.result.${result}`)}
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="payment-method">
        <fieldset className={styles.methods}>
          <legend id="payment-method" className={`${ui.cardTitle} ${styles.legend}`}>
            {t('payment.method')}
          </legend>
          {order.methods.map((candidate) => (
            <label key={candidate} className={`${styles.method} ${method === candidate ? styles.selected : ''}`}>
              <input
                type="radio"
                name="method"
                value={candidate}
                checked={method === candidate}
                onChange={() => setMethod(candidate)}
                className={styles.radio}
              />
              <span className={styles.methodText}>
                <span className={styles.methodName}>{t(`payment.methods.${candidate}`)}</span>
                <span className={styles.methodHint}>{t(`payment.methods.${candidate}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
            {error}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="button" className={ui.primary} onClick={() => void pay()} aria-disabled={pending ? true : undefined}>
            {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {pending ? t('payment.redirecting') : t('payment.pay', { amount })}
          </button>
          <Link className={ui.linkButton} to={`/${site.lang}/apply/orderCancel?order=${encodeURIComponent(order.number)}`}>
            {t('payment.cancelOrder')}
          </Link>
        </div>
      </section>
      <section className={ui.card} aria-labelledby="payment-instructions">
        <h2 id="payment-instructions" className={ui.cardTitle}>
          {t('payment.instructionsTitle')}
        </h2>
        <ul className={styles.list}>
          <li>{t('payment.instructions1')}</li>
          <li>
            {t('payment.instructions2')} <Link to={`/${site.lang}/verify.html`}>{t('payment.verifyLink')}</Link>
          </li>
          <li>{t('payment.instructions3', { email: order.buyerEmail })}</li>
        </ul>
      </section>
      <section className={ui.card} aria-labelledby="payment-refunds">
        <h2 id="payment-refunds" className={ui.cardTitle}>
          {t('payment.refundTitle')}
        </h2>
        <ul className={styles.list}>
          <li>{t('payment.refund1')}</li>
          <li>{t('payment.refund2', { email: site.config.contactEmail })}</li>
          <li>{t('payment.refund3')}</li>
        </ul>
      </section>
    </CheckoutPage>
  )
}
