import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import type { OrderDetail } from '../../api/tickets.ts'
import { CountdownTimer } from '../../components/countdown-timer/countdown-timer.tsx'

/** The countdown to the payment deadline; at zero the screen loads again and shows where the order stands. */
export function PayDeadline({ order, compact }: { order: Pick<OrderDetail, 'expiresAt' | 'serverNow'>; compact?: boolean }) {
  const { t } = useTranslation('tickets')
  const revalidator = useRevalidator()
  return (
    <CountdownTimer
      compact={compact}
      deadline={order.expiresAt}
      serverNow={order.serverNow}
      label={t('payment.deadline')}
      expiredText={t('payment.expired')}
      announce={(minutes) => t('payment.minutesLeft', { count: minutes })}
      onExpired={() => void revalidator.revalidate()}
    />
  )
}
