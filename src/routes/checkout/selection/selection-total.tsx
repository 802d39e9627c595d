import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_TICKETS_PER_ORDER } from '../../../../shared/rules/tickets.ts'
import { useCurrentUser } from '../../../components/account-menu/user-store.ts'
import { LoginButton } from '../../../components/login-frame/login-button.tsx'
import { OrderSummary } from '../../../components/money/order-summary.tsx'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import type { Mode } from './loader.ts'
import styles from './selection.module.css'
import type { Selection } from './use-selection.ts'

/**
 * The running total beside the tickets, the five-ticket limit, the last refusal and the way on: the
 * submit button, or for a visitor the login (the order is made as soon as they are logged in).
 */
export function SelectionTotal({ selection, mode, limitId }: { selection: Selection; mode: Mode; limitId: string }) {
  const { t } = useTranslation('tickets')
  const user = useCurrentUser()
  const summaryId = useId()
  const formErrorId = useId()
  const { lines, total, formError, pending, buyable } = selection
  return (
    <OrderSummary
      headingId={summaryId}
      lines={lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))}
      currency={selection.currency}
      subtotalMinor={selection.subtotal}
      discountMinor={selection.discount}
      totalMinor={selection.subtotal - selection.discount}
      couponCode={selection.coupon.applied?.code ?? null}
      live
    >
      <p className={styles.count}>
        {t('registration.selected', { count: total })}
        {' · '}
        {total >= MAX_TICKETS_PER_ORDER ? (
          <strong id={limitId} role="status">
            {t('messages.ticketLimit')}
          </strong>
        ) : (
          <span id={limitId}>{t('registration.limit')}</span>
        )}
      </p>
      {formError ? (
        <p id={formErrorId} ref={selection.errorBox} tabIndex={-1} className={`${ui.notice} ${ui.noticeError}`} role="alert">
          {formError}
        </p>
      ) : null}
      {user ? (
        <button
          type="submit"
          form="ticket-selection"
          className={`${ui.primary} ${ui.wide}`}
          aria-disabled={pending || !buyable ? true : undefined}
          aria-describedby={formError ? formErrorId : undefined}
          disabled={!buyable}
        >
          {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {mode.kind === 'change' ? t('registration.update') : t('registration.next')}
        </button>
      ) : (
        <div className={styles.loginBox}>
          <p className={ui.muted}>{t('login.text')}</p>
          <LoginButton className={`${ui.primary} ${ui.wide}`} onLoggedIn={selection.continueAfterLogin}>
            {t('login.title')}
          </LoginButton>
        </div>
      )}
    </OrderSummary>
  )
}
