import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { checkPayment, type OrderDetail } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { checkoutPath, orderPath } from '../../../../shared/checkout-steps.ts'
import { CheckoutPage, checkoutStyles as ui, useFocusOnMount } from '../checkout-page.tsx'
import { ExhibitionFacts } from '../exhibition-facts.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { orderScreen } from '../order-screen.tsx'
import { PayDeadline } from '../pay-deadline.tsx'
import styles from './payment-check.module.css'

/** How often the result is asked for: often at first, then more calmly. */
const FAST_MS = 2500
const SLOW_MS = 10_000
const FAST_FOR_MS = 90_000
/** A payer back from the provider whose payment shows nothing yet is waited for this long before "still unpaid". */
const RETURN_GRACE_MS = 30_000

/**
 * Payment result (docs/product.md#payment-confirmation): polls until the payment is settled, then
 * moves on to the e-tickets; a payment that failed or is not there says so, with the ways to pay
 * again or cancel the order.
 */
export const { loader, Component } = orderScreen('paymentCheck', Result)

function Result({ order: initial, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
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
    <Link className={ui.primary} to={checkoutPath(site.lang, 'payment', { order: order.number })}>
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
      <PayDeadline order={order} />
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
          <Link className={ui.linkButton} to={checkoutPath(site.lang, 'cancelConfirm', { order: order.number })}>
            {t('payment.cancelOrder')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
