import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type OrderDetail, reRegisterPath } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { useLocalTime } from '../../components/countdown-timer/local-time.tsx'
import {
  CheckoutPage,
  checkoutStyles as ui,
  keepNumber,
  LoginGate,
  useFocusOnMount,
  useReloadWhenUserChanges,
} from '../../components/ticket-stepper/checkout-page.tsx'
import { ExhibitionFacts } from '../../components/ticket-stepper/exhibition-facts.tsx'
import { loadOrder, type OrderLoad, type OrderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'cancelled')

/** A cancelled order (by the buyer or by the countdown), with re-register (SPEC §4). */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('cancelled.title')} metaTitle={t('meta.cancelled')}>
        <LoginGate text={t('login.orderText')} />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('cancelled.title')} />
  return <Cancelled order={loaded.order} times={loaded.times} />
}

function Cancelled({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const when = useLocalTime(order.cancelledAt, times.cancelled ?? times.created, site.htmlLang)
  return (
    <CheckoutPage title={t('cancelled.title')} metaTitle={t('meta.cancelled')} headingRef={heading}>
      {order.refundDue ? (
        <p className={`${ui.notice} ${ui.noticeWarn}`} role="status">
          {t('order.refundDue')}
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="cancelled-reason">
        <p id="cancelled-reason" className={ui.notice}>
          {keepNumber(
            `${order.cancelReason === 'expired' ? t('cancelled.expired', { number: order.number, time: when }) : t('cancelled.byBuyer', { number: order.number, time: when })} ${t('cancelled.released')}`,
            order.number,
          )}
        </p>
        <ExhibitionFacts order={order} times={times} />
        <p className={ui.muted}>{t('cancelled.reRegisterHint')}</p>
        <div className={ui.actions}>
          <Link className={ui.primary} to={reRegisterPath(site.lang, order)}>
            {t('cancelled.reRegister')}
          </Link>
          <Link className={ui.linkButton} to={`/${site.lang}/apply/order`}>
            {t('orders.all')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
