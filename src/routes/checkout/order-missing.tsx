import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { checkoutPath } from '../../../shared/checkout-steps.ts'
import { CheckoutPage, checkoutStyles as ui } from './checkout-page.tsx'

/** An order number that is not the buyer's, or none at all: the list of their own orders instead. */
export function OrderMissing({ title }: { title: string }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <CheckoutPage title={title}>
      <section className={ui.card} aria-labelledby="order-missing">
        <h2 id="order-missing" className={ui.cardTitle}>
          {t('order.notFound')}
        </h2>
        <div className={ui.actions}>
          <Link className={ui.primary} to={checkoutPath(site.lang, 'orders')}>
            {t('orders.all')}
          </Link>
          <Link className={ui.linkButton} to={`/${site.lang}/brandExhibition.html`}>
            {t('orders.browse')}
          </Link>
        </div>
      </section>
    </CheckoutPage>
  )
}
