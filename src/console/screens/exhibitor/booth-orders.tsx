import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ConsoleExhibitorDetail } from '../../../api/console-exhibitors.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { useConsoleShell, useMember } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { InvoiceDocument } from '../../ui/invoice-document.tsx'
import ui from '../../ui/ui.module.css'
import detail from '../../ui/facts.module.css'
import styles from './exhibitor.module.css'

type BoothOrder = ConsoleExhibitorDetail['boothOrders'][number]

/**
 * The exhibitor's booth orders (docs/product.md#booth-checkout): the booth, where the order stands, its
 * amount and what was given back, the order screen and its invoice and credit notes as PDFs. A refunded
 * order whose booth is still sold says so: only cancelling the order frees the booth.
 */
export function BoothOrders({ exhibitor }: { exhibitor: ConsoleExhibitorDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const member = useMember()
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language)
  const stateOf = (order: BoothOrder) =>
    order.state === 'held' && order.heldUntil
      ? t('exhibitors.boothOrders.heldUntil', { at: formatDateTime(order.heldUntil, language) })
      : t(`exhibitors.boothOrders.states.${order.state}`)
  if (!exhibitor.boothOrders.length) return <p className={ui.muted}>{t('exhibitors.boothOrders.none')}</p>
  return (
    <ul className={detail.entries}>
      {exhibitor.boothOrders.map((order) => (
        <li key={order.number} className={detail.entry}>
          <div className={styles.itemHead}>
            <strong>{t('floorPlan.boothInHall', { number: order.booth.number, hall: order.booth.hall, state: stateOf(order) })}</strong>
          </div>
          <p>
            {mayCall(member.roles, 'orderDetail') ? <Link to={orderPath(order.number)}>{order.number}</Link> : <span className={ui.mono}>{order.number}</span>}{' '}
            · {money(order.totalMinor, order.currency)}
            {order.refundedMinor > 0 ? ` · ${t('exhibitors.boothOrders.refunded', { amount: money(order.refundedMinor, order.currency) })}` : ''}
          </p>
          {order.state === 'refunded' && !order.boothFreed ? <p className={ui.hint}>{t('exhibitors.boothOrders.stillSold')}</p> : null}
          {mayCall(member.roles, 'invoicePdf')
            ? order.documents.map((doc) => (
                <div key={doc.number} className={styles.document}>
                  <InvoiceDocument orderNumber={order.number} doc={doc} />
                </div>
              ))
            : null}
        </li>
      ))}
    </ul>
  )
}
