import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type Dashboard, dashboard } from '../../../api/console-orders.ts'
import { mayCall, mayExport } from '../../../../shared/rules/console-access.ts'
import { useMember } from '../../console-state.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { CapacityTable, CheckinsTable, ExpiringTable, RefundsTable, RevenueTable } from './dashboard-tables.tsx'
import styles from './dashboard.module.css'
import { ExhibitionExports } from './export-buttons.tsx'
import { SalesChart } from './sales-chart.tsx'

interface DashboardData {
  exhibitionId: number
  board: Dashboard
}

export async function loader(args: LoaderFunctionArgs): Promise<DashboardData> {
  const exhibitionId = Number(args.params.exhibitionId)
  if (!Number.isInteger(exhibitionId) || exhibitionId <= 0) throw data(null, { status: 404 })
  return { exhibitionId, board: await staffCall(args, dashboard, { exhibitionId }) }
}

/**
 * One exhibition at a glance (docs/product.md#console-dashboard): the sales chart with its
 * table, capacity, takings per currency, orders about to expire, refunds waiting, the exports, and
 * for managers the way to the bank transfers that came in (docs/product.md#bank-transfer).
 */
export function Component() {
  const { t } = useTranslation()
  const member = useMember()
  const { exhibitionId, board } = useLoaderData() as DashboardData
  return (
    <ConsolePage
      title={t('dashboard.title', { title: board.title })}
      lead={t('dashboard.lead')}
      actions={
        <>
          {mayCall(member.roles, 'bankTransfer') ? (
            <Link className={ui.button} to={`/console/exhibitions/${exhibitionId}/bank-transfer`}>
              {t('bankTransfer.link')}
            </Link>
          ) : null}
          {mayExport(member.roles, 'orders') ? <ExhibitionExports exhibitionId={exhibitionId} /> : null}
        </>
      }
    >
      <div className={styles.grid}>
        <SalesChart days={board.soldPerDay} />
        <CapacityTable rows={board.ticketTypes} />
        <RevenueTable rows={board.revenue} />
        <ExpiringTable rows={board.expiring} />
        <RefundsTable rows={board.refundsWaiting} />
        <CheckinsTable rows={board.checkinsPerHour} />
      </div>
    </ConsolePage>
  )
}
