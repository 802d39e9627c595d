import { useTranslation } from 'react-i18next'
import type { OrderSummary } from '../../api/tickets.ts'
import styles from './status-badge.module.css'

/** The order's state as a badge (docs/product.md#order-states): in "My orders" here and on the checkout's order pages. */
export function StatusBadge({ status }: { status: OrderSummary['status'] }) {
  const { t } = useTranslation('tickets')
  return <span className={`${styles.badge} ${styles[status]}`}>{t(`status.${status}`)}</span>
}
