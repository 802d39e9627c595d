import { useTranslation } from 'react-i18next'
import type { ConsoleOrderDetail } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { StateBadge } from '../../ui/state-badge.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from './order.module.css'

/** Every transition of the order, in order (ticket_order_events), in words; an unknown kind reads as recorded. */
export function OrderHistory({ order }: { order: ConsoleOrderDetail }) {
  const { t, i18n } = useTranslation()
  const { language } = useConsoleShell()
  return (
    <ol className={styles.history}>
      {/* Mails have their own list below. */}
      {order.history.map((event, index) => {
        if (event.kind === 'mail') return null
        const key = `order.events.${event.kind}`
        const by = event.data.by === 'staff' || typeof event.data.staffId === 'string' ? ` · ${t('order.byStaff')}` : ''
        const to = typeof event.data.to === 'string' ? ` · ${event.data.to}` : ''
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only and shown in its own order
          <li key={index} className={styles.historyItem}>
            <span className={`${ui.muted} ${ui.nowrap}`}>{formatDateTime(event.at, language)}</span>
            <span>{`${i18n.exists(key) ? t(key) : event.kind}${by}${to}`}</span>
          </li>
        )
      })}
    </ol>
  )
}

/** Payment attempts and refunds: what the providers took and gave back, with states. */
export function MoneyRecord({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language)
  return (
    <TableFrame label={t('order.money')}>
      <table className={ui.table}>
        <caption className="visually-hidden">{t('order.money')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('order.when')}</th>
            <th scope="col">{t('order.what')}</th>
            <th scope="col" className={styles.amount}>
              {t('order.amount')}
            </th>
            <th scope="col">{t('orders.status')}</th>
          </tr>
        </thead>
        <tbody>
          {order.attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td className={ui.nowrap}>{formatDateTime(attempt.createdAt, language)}</td>
              <td>
                {t('order.attempt', { method: t(`orders.methods.${attempt.provider}`) })}
                {attempt.refundReason ? <div className={ui.muted}>{t(`order.refundReasons.${attempt.refundReason}`)}</div> : null}
              </td>
              <td className={styles.amount}>{money(attempt.amountMinor, attempt.currency)}</td>
              <td>{t(`order.attemptStatus.${attempt.status}`)}</td>
            </tr>
          ))}
          {order.refunds.map((refund) => (
            <tr key={refund.id}>
              <td className={ui.nowrap}>{formatDateTime(refund.requestedAt, language)}</td>
              <td>
                {t('order.refund')}
                <div className={ui.muted}>{`${t(`order.refundReasons.${refund.reason}`)}${refund.requestedBy ? ` · ${refund.requestedBy}` : ''}`}</div>
                {refund.failure ? <div className={ui.fieldError}>{refund.failure}</div> : null}
              </td>
              <td className={styles.amount}>{`−${money(refund.amountMinor, refund.currency)}`}</td>
              <td>
                <StateBadge state={refund.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  )
}

/** The mails sent about the order: to whom, what, and whether the outbox has sent it. */
export function MailRecord({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  if (!order.mails.length) return <p className={ui.muted}>{t('order.noMails')}</p>
  return (
    <ul className={styles.history}>
      {order.mails.map((mail, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the mails are listed in the order they were queued
        <li key={index} className={styles.historyItem}>
          <span className={`${ui.muted} ${ui.nowrap}`}>{formatDateTime(mail.at, language)}</span>
          <span>
            <span>{mail.subject}</span>
            <span className={ui.muted}>{` · ${mail.to} · ${t(mail.error ? 'order.mailFailed' : mail.sentAt ? 'order.mailSent' : 'order.mailQueued')}`}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
