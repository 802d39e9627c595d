import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useRevalidator, useSearchParams } from 'react-router'
import { checkPayment, type OrderDetail, orderPath } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { CountdownTimer } from '../../components/countdown-timer/countdown-timer.tsx'
import { CheckoutPage, LoginGate, checkoutStyles as ui, useFocusOnMount, useReloadWhenUserChanges } from '../../components/ticket-stepper/checkout-page.tsx'
import { ExhibitionFacts } from '../../components/ticket-stepper/exhibition-facts.tsx'
import { loadOrder, type OrderLoad, type OrderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import styles from './unpaid.module.css'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'unpaid')

/** How often the result is asked for: often at first, then more calmly. */
const FAST_MS = 2500
const SLOW_MS = 10_000
const FAST_FOR_MS = 90_000
/** A payer back from the provider whose payment shows nothing yet is waited for this long before "still unpaid". */
const RETURN_GRACE_MS = 30_000

/**
 * Payment result (SPEC §4 "payment result being checked"): polls until the payment is settled, then
 * moves on to the e-tickets; a payment that is not there says so, with the way to continue paying.
 */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('unpaid.checkingTitle')} metaTitle={t('meta.unpaid')} step="payment">
        <LoginGate />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('meta.unpaid')} />
  return <Result key={loaded.order.number} initial={loaded.order} times={loaded.times} />
}

function Result({ initial, times }: { initial: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [search] = useSearchParams()
  const [order, setOrder] = useState(initial)
  const [slow, setSlow] = useState(false)
  const [waitingForReturn, setWaitingForReturn] = useState(() => search.has('session_id') && initial.status === 'pending')
  const started = useRef(Date.now())
  const checking = order.status === 'checking' || waitingForReturn
  const heading = useFocusOnMount<HTMLHeadingElement>()

  useEffect(() => {
    if (order.status === 'paid' || order.status === 'cancelled') navigate(orderPath(site.lang, order), { replace: true })
  }, [order, navigate, site.lang])

  useEffect(() => {
    if (!checking) return
    let live = true
    const elapsed = Date.now() - started.current
    const timer = setTimeout(
      () => {
        gateway.call(checkPayment, { orderNumber: order.number }).then(
          (next) => {
            if (!live) return
            const waited = Date.now() - started.current
            if (next.status === 'pending' && waited > RETURN_GRACE_MS) setWaitingForReturn(false)
            if (waited > 60_000) setSlow(true)
            setOrder(next)
          },
          () => {
            // Offline for a moment: the next round asks again.
            if (live) setOrder((current) => ({ ...current }))
          },
        )
      },
      elapsed < FAST_FOR_MS ? FAST_MS : SLOW_MS,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [order, checking, gateway])

  const continueLink = (
    <Link className={ui.primary} to={`/${site.lang}/apply/payment?order=${encodeURIComponent(order.number)}`}>
      {t('unpaid.continue')}
    </Link>
  )

  if (checking) {
    return (
      <CheckoutPage title={t('unpaid.checkingTitle')} metaTitle={t('meta.unpaid')} step="payment" headingRef={heading}>
        <section className={`${ui.card} ${styles.checking}`} aria-busy="true" aria-labelledby="unpaid-status">
          <span className={styles.pulse} aria-hidden="true" />
          <p id="unpaid-status" role="status" className={styles.status}>
            {t('unpaid.checking')}
          </p>
          {slow ? <p className={ui.muted}>{t('unpaid.slow')}</p> : null}
          <ExhibitionFacts order={order} times={times} />
        </section>
      </CheckoutPage>
    )
  }

  const failed = order.payment?.status === 'failed'
  return (
    <CheckoutPage title={failed ? t('unpaid.failedTitle') : t('unpaid.unpaidTitle')} metaTitle={t('meta.unpaid')} step="payment" headingRef={heading}>
      <CountdownTimer
        deadline={order.expiresAt}
        serverNow={order.serverNow}
        label={t('payment.deadline')}
        expiredText={t('payment.expired')}
        announce={(minutes) => t('payment.minutesLeft', { count: minutes })}
        onExpired={() => void revalidator.revalidate()}
      />
      <section className={ui.card} aria-labelledby="unpaid-text">
        <p id="unpaid-text" className={styles.status}>
          {failed ? t('unpaid.failed') : t('unpaid.unpaid')}
        </p>
        <ExhibitionFacts order={order} times={times} />
        <div className={ui.actions}>
          {continueLink}
          <button
            type="button"
            className={ui.secondary}
            onClick={() => {
              started.current = Date.now()
              setWaitingForReturn(true)
            }}
          >
            {t('unpaid.checkAgain')}
          </button>
        </div>
      </section>
    </CheckoutPage>
  )
}
