import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { cancelOrder, type OrderDetail, orderPath } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { CheckoutPage, checkoutStyles as ui, keepNumber, LoginGate, useReloadWhenUserChanges } from '../../components/ticket-stepper/checkout-page.tsx'
import { refusalOf } from '../../components/ticket-stepper/errors.ts'
import { ExhibitionFacts } from '../../components/ticket-stepper/exhibition-facts.tsx'
import { loadOrder, type OrderLoad, type OrderTimes } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import { useToast } from '../../components/toast/toast.tsx'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'orderCancel')

/** SPEC §4 "A pending order can be cancelled after confirmation": this page is the confirmation. */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('cancel.title')} metaTitle={t('meta.orderCancel')}>
        <LoginGate text={t('login.orderText')} />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('cancel.title')} />
  return <Confirm order={loaded.order} times={loaded.times} />
}

function Confirm({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const cancel = async () => {
    if (pending) return
    setPending(true)
    setError(null)
    try {
      const cancelled = await gateway.call(cancelOrder, { orderNumber: order.number })
      toast.show(t('cancel.done'), { tone: 'success' })
      navigate(orderPath(site.lang, cancelled), { replace: true })
    } catch (failure) {
      const refusal = refusalOf(t, failure)
      setError(refusal.text)
      if (refusal.status === 409 || refusal.status === 410) void revalidator.revalidate()
    } finally {
      setPending(false)
    }
  }

  return (
    <CheckoutPage title={t('cancel.title')} metaTitle={t('meta.orderCancel')}>
      <section className={ui.card} aria-labelledby="cancel-text">
        <p id="cancel-text" className={ui.notice}>
          {keepNumber(t('cancel.text', { number: order.number }), order.number)}
        </p>
        <ExhibitionFacts order={order} times={times} />
        {error ? (
          <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
            {error}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="button" className={ui.danger} onClick={() => void cancel()} aria-disabled={pending ? true : undefined}>
            {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {pending ? t('cancel.cancelling') : t('cancel.confirm')}
          </button>
          <Link className={ui.linkButton} to={orderPath(site.lang, order)}>
            {t('cancel.keep')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
