import { useTranslation } from 'react-i18next'
import type { ConsoleOrderDetail } from '../../../api/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import ui from '../../ui/ui.module.css'
import styles from './order.module.css'

/** Changes a buyer or holder makes to a ticket themselves (docs/product.md#attendee-changes, docs/product.md#ticket-transfer), which say who did. */
const SELF_CHANGES = new Set(['attendeeChanged', 'ticketReissued', 'transferOffered', 'transferCancelled', 'ticketTransferred'])

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
        const by =
          event.data.by === 'staff' || typeof event.data.staffId === 'string'
            ? ` · ${t('order.byStaff')}`
            : event.data.by === 'holder' || (event.data.by === 'buyer' && SELF_CHANGES.has(event.kind))
              ? ` · ${t(event.data.by === 'holder' ? 'order.byHolder' : 'order.byBuyer')}`
              : ''
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

type MoneyRow = { kind: 'attempt'; attempt: ConsoleOrderDetail['attempts'][number] } | { kind: 'refund'; refund: ConsoleOrderDetail['refunds'][number] }

/** Payment attempts and refunds: what the providers took and gave back, with states. */
export function MoneyRecord({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language)
  const rows: MoneyRow[] = [
    ...order.attempts.map((attempt) => ({ kind: 'attempt' as const, attempt })),
    ...order.refunds.map((refund) => ({ kind: 'refund' as const, refund })),
  ]
  const columns: Array<Column<MoneyRow>> = [
    {
      header: t('order.when'),
      className: ui.nowrap,
      cell: (row) => formatDateTime(row.kind === 'attempt' ? row.attempt.createdAt : row.refund.requestedAt, language),
    },
    {
      header: t('order.what'),
      cell: (row) =>
        row.kind === 'attempt' ? (
          <>
            {t('order.attempt', { method: t(`orders.methods.${row.attempt.provider}`) })}
            {row.attempt.refundReason ? <div className={ui.muted}>{t(`order.refundReasons.${row.attempt.refundReason}`)}</div> : null}
          </>
        ) : (
          <>
            {t('order.refund')}
            <div className={ui.muted}>{`${t(`order.refundReasons.${row.refund.reason}`)}${row.refund.requestedBy ? ` · ${row.refund.requestedBy}` : ''}`}</div>
            {row.refund.failure ? <div className={ui.fieldError}>{row.refund.failure}</div> : null}
          </>
        ),
    },
    {
      header: t('order.amount'),
      className: styles.amount,
      cell: (row) => (row.kind === 'attempt' ? money(row.attempt.amountMinor, row.attempt.currency) : `−${money(row.refund.amountMinor, row.refund.currency)}`),
    },
    {
      header: t('orders.status'),
      cell: (row) => (row.kind === 'attempt' ? t(`order.attemptStatus.${row.attempt.status}`) : <StateBadge state={row.refund.status} />),
    },
  ]
  return (
    <DataTable
      label={t('order.money')}
      columns={columns}
      rows={rows}
      rowKey={(row) => (row.kind === 'attempt' ? `attempt-${row.attempt.id}` : `refund-${row.refund.id}`)}
    />
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
