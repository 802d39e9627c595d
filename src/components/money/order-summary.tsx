import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { formatMoney } from './format.ts'
import styles from './order-summary.module.css'

export interface SummaryLine {
  key: string | number
  name: string
  quantity: number
  unitPriceMinor: number
}

interface OrderSummaryProps {
  lines: SummaryLine[]
  currency: string
  subtotalMinor: number
  discountMinor: number
  totalMinor: number
  couponCode?: string | null
  /** Heading id, so the region is named by its title. */
  headingId: string
  /** Extra content under the totals (the coupon field, the next button). */
  children?: ReactNode
  /** Announce total changes politely (the selection page). */
  live?: boolean
}

/** Lines, subtotal, discount and total of an order, money in the page language's own writing. */
export function OrderSummary({ lines, currency, subtotalMinor, discountMinor, totalMinor, couponCode, headingId, children, live }: OrderSummaryProps) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const money = (minor: number) => formatMoney(minor, currency, site.htmlLang)
  const chosen = lines.filter((line) => line.quantity > 0)
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('summary.title')}
      </h2>
      {chosen.length === 0 ? (
        <p className={styles.empty}>{t('summary.empty')}</p>
      ) : (
        <ul className={styles.lines}>
          {chosen.map((line) => (
            <li key={line.key} className={styles.line}>
              <span>{t('summary.line', { name: line.name, quantity: line.quantity })}</span>
              <span className={styles.amount}>{line.unitPriceMinor === 0 ? t('summary.free') : money(line.unitPriceMinor * line.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className={styles.totals} aria-live={live ? 'polite' : undefined} aria-atomic={live ? true : undefined}>
        <div className={styles.row}>
          <dt>{t('summary.subtotal')}</dt>
          <dd className={styles.amount}>{money(subtotalMinor)}</dd>
        </div>
        {discountMinor > 0 ? (
          <div className={`${styles.row} ${styles.discount}`}>
            <dt>
              {t('summary.discount')}
              {couponCode ? <span className={styles.code}>{couponCode}</span> : null}
            </dt>
            <dd className={styles.amount}>−{money(discountMinor)}</dd>
          </div>
        ) : null}
        <div className={`${styles.row} ${styles.total}`}>
          <dt>{t('summary.total')}</dt>
          <dd className={styles.amount} data-testid="order-total">
            {totalMinor === 0 && chosen.length > 0 ? t('summary.free') : money(totalMinor)}
          </dd>
        </div>
      </dl>
      {children}
    </section>
  )
}
