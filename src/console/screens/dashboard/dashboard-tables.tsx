import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Dashboard } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { StateBadge } from '../../ui/state-badge.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from './dashboard.module.css'

/** A titled panel with a table, or a line saying there is nothing. */
function Panel({ title, empty, headers, wide = false, children }: { title: string; empty: boolean; headers: string[]; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section className={`${ui.panel} ${styles.panel} ${wide ? styles.wide : ''}`} aria-label={title}>
      <h2 className={ui.panelTitle}>{title}</h2>
      {empty ? (
        <p className={ui.muted}>{t('dashboard.none')}</p>
      ) : (
        <TableFrame label={title}>
          <table className={ui.table}>
            <thead>
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </TableFrame>
      )}
    </section>
  )
}

export function CapacityTable({ rows }: { rows: Dashboard['ticketTypes'] }) {
  const { t } = useTranslation()
  const headers = [t('dashboard.ticketType'), t('dashboard.sold'), t('dashboard.held'), t('dashboard.left'), t('dashboard.capacity')]
  return (
    <Panel title={t('dashboard.capacityTitle')} empty={rows.length === 0} headers={headers}>
      {rows.map((row) => (
        <tr key={row.id}>
          <td>{row.name}</td>
          <td>{row.sold}</td>
          <td>{row.held}</td>
          <td className={row.left === 0 ? styles.soldOut : undefined}>{row.left}</td>
          <td>{row.capacity}</td>
        </tr>
      ))}
    </Panel>
  )
}

/** Money in, money out and money kept per currency; orders paid now and those refunded in whole or in part. */
export function RevenueTable({ rows }: { rows: Dashboard['revenue'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const headers = [t('dashboard.currency'), t('dashboard.received'), t('dashboard.refunded'), t('dashboard.net'), t('dashboard.orders')]
  return (
    <Panel title={t('dashboard.revenueTitle')} empty={rows.length === 0} headers={headers} wide>
      {rows.map((row) => (
        <tr key={row.currency}>
          <td>{row.currency}</td>
          <td className={ui.nowrap}>{formatMoney(row.receivedMinor, row.currency, language)}</td>
          <td className={ui.nowrap}>
            {formatMoney(row.refundedMinor, row.currency, language)}
            {row.refundingMinor > 0 ? (
              <div className={ui.muted}>{t('dashboard.refunding', { amount: formatMoney(row.refundingMinor, row.currency, language) })}</div>
            ) : null}
          </td>
          <td className={`${ui.nowrap} ${styles.net}`}>{formatMoney(row.netMinor, row.currency, language)}</td>
          <td>{t('dashboard.orderCounts', { paid: row.paidOrders, refunded: row.refundedOrders })}</td>
        </tr>
      ))}
    </Panel>
  )
}

export function ExpiringTable({ rows }: { rows: Dashboard['expiring'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const headers = [t('orders.code'), t('dashboard.buyer'), t('dashboard.amount'), t('dashboard.deadline')]
  return (
    <Panel title={t('dashboard.expiringTitle')} empty={rows.length === 0} headers={headers} wide>
      {rows.map((row) => (
        <tr key={row.number}>
          <td className={ui.nowrap}>
            <Link className={ui.mono} to={orderPath(row.number)}>
              {row.number}
            </Link>
          </td>
          <td>{row.buyerEmail}</td>
          <td className={ui.nowrap}>{formatMoney(row.totalMinor, row.currency, language)}</td>
          <td className={ui.nowrap}>
            {formatDateTime(row.expiresAt, language)}
            {row.inGrace ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('dashboard.inGrace')}</span> : null}
          </td>
        </tr>
      ))}
    </Panel>
  )
}

export function RefundsTable({ rows }: { rows: Dashboard['refundsWaiting'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const headers = [t('orders.code'), t('dashboard.amount'), t('dashboard.status'), t('dashboard.requested')]
  return (
    <Panel title={t('dashboard.refundsTitle')} empty={rows.length === 0} headers={headers} wide>
      {rows.map((row) => (
        <tr key={`${row.number}-${row.requestedAt}`}>
          <td className={ui.nowrap}>
            <Link className={ui.mono} to={orderPath(row.number)}>
              {row.number}
            </Link>
          </td>
          <td className={ui.nowrap}>{formatMoney(row.amountMinor, row.currency, language)}</td>
          <td>
            <StateBadge state={row.status} />
            {row.failureText ? <div className={ui.fieldError}>{row.failureText}</div> : null}
          </td>
          <td className={ui.nowrap}>{formatDateTime(row.requestedAt, language)}</td>
        </tr>
      ))}
    </Panel>
  )
}

/** Check-ins at the door per hour of the venue's clock, one column per gate and the hour's total (docs/product.md#checkin). */
export function CheckinsTable({ rows }: { rows: Dashboard['checkinsPerHour'] }) {
  const { t } = useTranslation()
  const gates = [...new Set(rows.map((row) => row.gate))].sort()
  const hours = [...new Set(rows.map((row) => row.hour))].sort()
  const count = (hour: string, gate: string) => rows.find((row) => row.hour === hour && row.gate === gate)?.checkins ?? 0
  const total = rows.reduce((sum, row) => sum + row.checkins, 0)
  return (
    <Panel
      title={t('dashboard.checkinsTitle', { count: total })}
      empty={rows.length === 0}
      headers={[t('dashboard.hour'), ...gates.map((gate) => t('dashboard.gate', { gate })), t('dashboard.total')]}
      wide
    >
      {hours.map((hour) => (
        <tr key={hour}>
          <td className={ui.nowrap}>{hour.replace('T', ' ')}</td>
          {gates.map((gate) => (
            <td key={gate}>{count(hour, gate)}</td>
          ))}
          <td>{gates.reduce((sum, gate) => sum + count(hour, gate), 0)}</td>
        </tr>
      ))}
    </Panel>
  )
}
