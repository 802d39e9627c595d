import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { PaymentMethod } from '../../../../shared/rules/tickets.ts'
import { type OrderDetail, startPayment } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { useLocalTime } from '../../../components/countdown-timer/local-time.tsx'
import { formatMoney } from '../../../components/money/format.ts'
import { checkoutPath } from '../../../../shared/checkout-steps.ts'
import { ActionButton, ActionError } from '../action-button.tsx'
import { Card } from '../card.tsx'
import { CheckoutPage, checkoutStyles as ui } from '../checkout-page.tsx'
import { ExhibitionFacts } from '../exhibition-facts.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { orderScreen } from '../order-screen.tsx'
import { OrderTotals } from '../order-totals.tsx'
import { PayDeadline } from '../pay-deadline.tsx'
import { STAY_BUSY, useOrderAction } from '../use-order-action.ts'
import styles from './payment.module.css'
import { TransferDetails } from './transfer-details.tsx'

/** Payment (docs/product.md#checkout-screens): the method, the countdown to the deadline, the refund guide and the instructions. */
export const { loader, Component } = orderScreen('payment', Payment)

function Payment({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const action = useOrderAction()
  const [search] = useSearchParams()
  const [method, setMethod] = useState<PaymentMethod>(order.bankTransfer ? 'bank' : (order.methods[0] ?? 'sandbox'))
  const result = search.get('result')
  const amount = formatMoney(order.totalMinor, order.currency, site.htmlLang)
  const deadline = useLocalTime(order.expiresAt, times.expires, site.htmlLang)

  const pay = () =>
    action.run(async () => {
      const { redirectUrl } = await gateway.call(startPayment, { orderNumber: order.number, method })
      // The provider's page (the sandbox here, Stripe Checkout elsewhere), which sends the payer back; for a transfer, this screen with its details.
      window.location.assign(redirectUrl)
      return STAY_BUSY
    })

  const aside = (
    <OrderTotals order={order}>
      <ExhibitionFacts order={order} times={times} />
    </OrderTotals>
  )

  return (
    <CheckoutPage title={t('payment.title')} metaTitle={t('meta.payment')} step="payment" aside={aside}>
      <PayDeadline order={order} />
      <p className={ui.muted}>{t('payment.deadlineNote', { time: deadline })}</p>
      {result === 'failed' || result === 'cancelled' ? (
        <p className={`${ui.notice} ${result === 'failed' ? ui.noticeError : ui.noticeWarn}`} role="status">
          {t(`payment.result.${result}`)}
        </p>
      ) : null}
      {order.bankTransfer ? <TransferDetails transfer={order.bankTransfer} deadline={deadline} /> : null}
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
        <ActionError text={action.error} />
        <div className={ui.actions}>
          {method === 'bank' && order.bankTransfer ? null : (
            <ActionButton pending={action.pending} className={ui.primary} onClick={() => void pay()}>
              {action.pending ? t('payment.redirecting') : method === 'bank' ? t('payment.bankStart') : t('payment.pay', { amount })}
            </ActionButton>
          )}
          <Link className={ui.linkButton} to={checkoutPath(site.lang, 'cancelConfirm', { order: order.number })}>
            {t('payment.cancelOrder')}
          </Link>
        </div>
      </section>
      <Card id="payment-instructions" title={t('payment.instructionsTitle')}>
        <ul className={styles.list}>
          <li>{t('payment.instructions1')}</li>
          <li>
            {t('payment.instructions2')} <Link to={`/${site.lang}/verify.html`}>{t('payment.verifyLink')}</Link>
          </li>
          <li>{t('payment.instructions3', { email: order.buyerEmail })}</li>
        </ul>
      </Card>
      <Card id="payment-refunds" title={t('payment.refundTitle')}>
        <ul className={styles.list}>
          <li>{t('payment.refund1')}</li>
          <li>{t('payment.refund2', { email: site.config.contactEmail })}</li>
          <li>{t('payment.refund3')}</li>
        </ul>
      </Card>
    </CheckoutPage>
  )
}
