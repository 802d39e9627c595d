import { useTranslation } from 'react-i18next'
import type { OrderDetail } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { formatMoney } from '../../../components/money/format.ts'
import { orderRows } from '../order-totals.tsx'
import styles from './orders.module.css'

/** The order's tickets (or its booth) as a table: type, unit price, quantity, line total, then discount and total. */
export function OrderLines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const money = (minor: number) => formatMoney(minor, order.currency, site.htmlLang)
  return (
    // A phone may scroll the table sideways: the keyboard must reach it too (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so keys can scroll it
    <section className={styles.tableWrap} aria-label={t('summary.title')} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('summary.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(order.booth ? 'booth.booth' : order.services ? 'services.title' : 'order.ticketType')}</th>
            <th scope="col">{t('order.unitPrice')}</th>
            <th scope="col">{t('order.quantity')}</th>
            <th scope="col">{t('order.total')}</th>
          </tr>
        </thead>
        <tbody>
          {orderRows(order, t('booth.invoiceLine', { number: order.booth?.number, hall: order.booth?.hall })).map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.name}</th>
              <td data-label={t('order.unitPrice')}>{line.unitPriceMinor === 0 ? t('summary.free') : money(line.unitPriceMinor)}</td>
              <td data-label={t('order.quantity')}>{line.quantity}</td>
              <td data-label={t('order.total')}>{money(line.unitPriceMinor * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discountMinor > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {t('summary.discount')}
              </th>
              <td>−{money(order.discountMinor)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              {t('summary.total')}
            </th>
            <td className={styles.total}>{money(order.totalMinor)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  )
}
