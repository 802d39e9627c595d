import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VisitorDetail } from '../../../api/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { applicationPath } from '../../lib/application-paths.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import ui from '../../ui/ui.module.css'
import { ApplicationStatus } from '../../ui/application-status.tsx'
import { Panel } from '../../ui/panel.tsx'

/** The visitor's orders and applications, each linked to its own page. */
export function Holdings({ visitor }: { visitor: VisitorDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const columns: Array<Column<VisitorDetail['orders'][number]>> = [
    {
      header: t('visitor.order'),
      cell: (order) => (
        <>
          <Link className={ui.mono} to={orderPath(order.number)}>
            {order.number}
          </Link>
          <div className={`${ui.muted} ${ui.nowrap}`}>{formatDateTime(order.createdAt, language)}</div>
        </>
      ),
    },
    { header: t('visitor.exhibition'), cell: (order) => order.exhibitionTitle },
    { header: t('visitor.total'), className: ui.nowrap, cell: (order) => formatMoney(order.totalMinor, order.currency, language) },
    {
      header: t('visitors.state'),
      cell: (order) => (
        <>
          <StateBadge state={order.status} />
          {order.kept ? <div className={ui.muted}>{t('visitor.keptForBooks')}</div> : null}
        </>
      ),
    },
  ]
  return (
    <>
      <Panel title={t('visitor.orders')}>
        <DataTable label={t('visitor.ordersTable')} columns={columns} rows={visitor.orders} rowKey={(order) => order.number} empty={t('visitor.noOrders')} />
      </Panel>
      <Panel title={t('visitor.applications')}>
        {visitor.applications.length ? (
          <ul className={ui.form}>
            {visitor.applications.map((application) => (
              <li key={application.reference}>
                <Link className={ui.mono} to={applicationPath(application.reference)}>
                  {application.reference}
                </Link>{' '}
                {t(`applications.kinds.${application.kind}`)} · {application.exhibitionTitle} · <ApplicationStatus status={application.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={ui.muted}>{t('visitor.noApplications')}</p>
        )}
      </Panel>
      {visitor.hiddenByScope ? <p className={ui.hint}>{t('visitor.hiddenByScope', { count: visitor.hiddenByScope })}</p> : null}
    </>
  )
}
