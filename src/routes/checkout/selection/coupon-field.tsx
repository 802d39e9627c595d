import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../../app-state.ts'
import { formatMoney } from '../../../components/money/format.ts'
import { numberFormat } from '../../../i18n/intl.ts'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import styles from './selection.module.css'
import type { CouponState } from './use-coupon.ts'

/** The coupon: a disclosure with the code field, or the applied coupon with what it takes off. */
export function CouponField({ coupon, currency }: { coupon: CouponState; currency: string }) {
  return <div className={styles.coupon}>{coupon.applied ? <AppliedCoupon coupon={coupon} currency={currency} /> : <CouponEntry coupon={coupon} />}</div>
}

function AppliedCoupon({ coupon, currency }: { coupon: CouponState; currency: string }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const applied = coupon.applied
  if (!applied) return null
  const takes =
    applied.kind === 'percent'
      ? t('coupon.percent', { percent: numberFormat(site.htmlLang, { style: 'percent' }).format((applied.percentOff ?? 0) / 100) })
      : applied.kind === 'fixed'
        ? t('coupon.fixed', { amount: formatMoney(applied.amountOffMinor ?? 0, applied.currency ?? currency, site.htmlLang) })
        : t('coupon.freeTicket')
  return (
    <p className={styles.couponApplied} ref={coupon.appliedRef} tabIndex={-1}>
      <span>
        {t('coupon.applied', { code: applied.code })}
        {' · '}
        {takes}
      </span>
      <button type="button" className={styles.removeCoupon} onClick={coupon.remove}>
        {t('coupon.remove', { code: applied.code })}
      </button>
    </p>
  )
}

function CouponEntry({ coupon }: { coupon: CouponState }) {
  const { t } = useTranslation('tickets')
  const bodyId = useId()
  const errorId = useId()
  return (
    <>
      <button ref={coupon.toggleRef} type="button" className={styles.couponToggle} aria-expanded={coupon.open} aria-controls={bodyId} onClick={coupon.toggle}>
        {t('coupon.toggle')}
      </button>
      <div id={bodyId} className={styles.couponBody} hidden={!coupon.open}>
        <label className={ui.label} htmlFor="coupon-code">
          {t('coupon.label')}
        </label>
        <div className={styles.couponRow}>
          <input
            ref={coupon.fieldRef}
            id="coupon-code"
            className={ui.input}
            value={coupon.input}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={coupon.error ? true : undefined}
            aria-describedby={coupon.error ? errorId : undefined}
            onChange={(event) => coupon.type(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                void coupon.apply()
              }
            }}
          />
          <button type="button" className={ui.secondary} onClick={() => void coupon.apply()} aria-disabled={coupon.checking ? true : undefined}>
            {coupon.checking ? t('coupon.applying') : t('coupon.apply')}
          </button>
        </div>
        {coupon.error ? (
          <p id={errorId} className={ui.error}>
            {coupon.error}
          </p>
        ) : null}
      </div>
    </>
  )
}
