import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Dashboard } from '../../../api/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import ui from '../../ui/ui.module.css'
import styles from './dashboard.module.css'

/** A titled panel with a table, which says in its empty row that there is nothing. */
function Panel<Row>({
  title,
  columns,
  rows,
  rowKey,
  wide = false,
}: {
  title: string
  columns: ReadonlyArray<Column<Row>>
  rows: readonly Row[]
  rowKey(row: Row): string
  wide?: boolean
}) {
  const { t } = useTranslation()
  return (
    <section className={`${ui.panel} ${styles.panel} ${wide ? styles.wide : ''}`} aria-label={title}>
      <h2 className={ui.panelTitle}>{title}</h2>
      <DataTable label={title} columns={columns} rows={rows} rowKey={rowKey} empty={t('dashboard.none')} />
    </section>
  )
}

export function CapacityTable({ rows }: { rows: Dashboard['ticketTypes'] }) {
  const { t } = useTranslation()
  const columns: Array<Column<Dashboard['ticketTypes'][number]>> = [
    { header: t('dashboard.ticketType'), cell: (row) => row.name },
    { header: t('dashboard.sold'), cell: (row) => row.sold },
    { header: t('dashboard.held'), cell: (row) => row.held },
    { header: t('dashboard.left'), cell: (row) => <span className={row.left === 0 ? styles.soldOut : undefined}>{row.left}</span> },
    { header: t('dashboard.capacity'), cell: (row) => row.capacity },
  ]
  return <Panel title={t('dashboard.capacityTitle')} columns={columns} rows={rows} rowKey={(row) => String(row.id)} />
}

/** Money in, money out and money kept per currency; orders paid now and those refunded in whole or in part. */
export function RevenueTable({ rows }: { rows: Dashboard['revenue'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const columns: Array<Column<Dashboard['revenue'][number]>> = [
    { header: t('dashboard.currency'), cell: (row) => row.currency },
    { header: t('dashboard.received'), className: ui.nowrap, cell: (row) => formatMoney(row.receivedMinor, row.currency, language) },
    {
      header: t('dashboard.refunded'),
      className: ui.nowrap,
      cell: (row) => (
        <>
          {formatMoney(row.refundedMinor, row.currency, language)}
          {row.refundingMinor > 0 ? (
            <div className={ui.muted}>{t('dashboard.refunding', { amount: formatMoney(row.refundingMinor, row.currency, language) })}</div>
          ) : null}
        </>
      ),
    },
    {
      header: t('dashboard.net'),
      className: ui.nowrap,
      cell: (row) => <span className={styles.net}>{formatMoney(row.netMinor, row.currency, language)}</span>,
    },
    { header: t('dashboard.orders'), cell: (row) => t('dashboard.orderCounts', { paid: row.paidOrders, refunded: row.refundedOrders }) },
  ]
  return <Panel title={t('dashboard.revenueTitle')} columns={columns} rows={rows} rowKey={(row) => row.currency} wide />
}

export function ExpiringTable({ rows }: { rows: Dashboard['expiring'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const columns: Array<Column<Dashboard['expiring'][number]>> = [
    {
      header: t('orders.code'),
      className: ui.nowrap,
      cell: (row) => (
        <Link className={ui.mono} to={orderPath(row.number)}>
          {row.number}
        </Link>
      ),
    },
    { header: t('dashboard.buyer'), cell: (row) => row.buyerEmail },
    { header: t('dashboard.amount'), className: ui.nowrap, cell: (row) => formatMoney(row.totalMinor, row.currency, language) },
    {
      header: t('dashboard.deadline'),
      className: ui.nowrap,
      cell: (row) => (
        <>
          {formatDateTime(row.expiresAt, language)}
          {row.inGrace ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('dashboard.inGrace')}</span> : null}
        </>
      ),
    },
  ]
  return <Panel title={t('dashboard.expiringTitle')} columns={columns} rows={rows} rowKey={(row) => row.number} wide />
}

export function RefundsTable({ rows }: { rows: Dashboard['refundsWaiting'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const columns: Array<Column<Dashboard['refundsWaiting'][number]>> = [
    {
      header: t('orders.code'),
      className: ui.nowrap,
      cell: (row) => (
        <Link className={ui.mono} to={orderPath(row.number)}>
          {row.number}
        </Link>
      ),
    },
    { header: t('dashboard.amount'), className: ui.nowrap, cell: (row) => formatMoney(row.amountMinor, row.currency, language) },
    {
      header: t('dashboard.status'),
      cell: (row) => (
        <>
          <StateBadge state={row.status} />
          {row.failureText ? <div className={ui.fieldError}>{row.failureText}</div> : null}
        </>
      ),
    },
    { header: t('dashboard.requested'), className: ui.nowrap, cell: (row) => formatDateTime(row.requestedAt, language) },
  ]
  return <Panel title={t('dashboard.refundsTitle')} columns={columns} rows={rows} rowKey={(row) => `${row.number}-${row.requestedAt}`} wide />
}

/** Check-ins at the door per hour of the venue's clock, one column per gate and the hour's total (docs/product.md#checkin). */
export function CheckinsTable({ rows }: { rows: Dashboard['checkinsPerHour'] }) {
  const { t } = useTranslation()
  const gates = [...new Set(rows.map((row) => row.gate))].sort()
  const hours = [...new Set(rows.map((row) => row.hour))].sort()
  const count = (hour: string, gate: string) => rows.find((row) => row.hour === hour && row.gate === gate)?.checkins ?? 0
  const total = rows.reduce((sum, row) => sum + row.checkins, 0)
  const columns: Array<Column<string>> = [
    { header: t('dashboard.hour'), className: ui.nowrap, cell: (hour) => hour.replace('T', ' ') },
    ...gates.map((gate): Column<string> => ({ header: t('dashboard.gate', { gate }), cell: (hour) => count(hour, gate) })),
    { header: t('dashboard.total'), cell: (hour) => gates.reduce((sum, gate) => sum + count(hour, gate), 0) },
  ]
  return <Panel title={t('dashboard.checkinsTitle', { count: total })} columns={columns} rows={hours} rowKey={(hour) => hour} wide />
}
