import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type PaymentQueueRow, paymentQueue } from '../../../api/console-orders.ts'
import { PAYMENT_QUEUE_PAGE_SIZE } from '../../../../shared/rules/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { type ListData, staffCall } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { type FiltersOfQuery, listQuery, oneOf } from '../../ui/list-query.ts'
import { ListScreen } from '../../ui/list-screen.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import ui from '../../ui/ui.module.css'

/** The queue's address: `?show=all` for refunded ones too, `page` past the first. */
const queueQuery = listQuery(
  { show: { param: 'show', rule: oneOf(['all'] as const) } },
  { pageSize: PAYMENT_QUEUE_PAGE_SIZE, maxPage: Number.MAX_SAFE_INTEGER },
)

type QueueData = ListData<FiltersOfQuery<typeof queueQuery>, { rows: PaymentQueueRow[]; total: number }>

export async function loader(args: LoaderFunctionArgs): Promise<QueueData> {
  const filters = queueQuery.filtersFrom(new URL(args.request.url).searchParams)
  const page = await staffCall(args, paymentQueue, { page: filters.page, show: filters.show || 'open' })
  return { filters, page, pageSize: PAYMENT_QUEUE_PAGE_SIZE }
}

function useColumns(): Array<Column<PaymentQueueRow>> {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return [
    {
      header: t('orders.code'),
      cell: (row) => (
        <>
          <Link className={ui.mono} to={orderPath(row.number)}>
            {row.number}
          </Link>
          <div className={ui.muted}>{row.exhibitionTitle}</div>
        </>
      ),
    },
    {
      header: t('payments.payer'),
      cell: (row) => (
        <>
          <div>{row.buyerEmail}</div>
          <div className={ui.muted}>{`${t(`orders.methods.${row.provider}`)} · ${formatDateTime(row.receivedAt, language)}`}</div>
        </>
      ),
    },
    { header: t('order.amount'), className: ui.nowrap, cell: (row) => formatMoney(row.amountMinor, row.currency, language) },
    { header: t('payments.why'), cell: (row) => t(`order.refundReasons.${row.reason}`) },
    {
      header: t('payments.refund'),
      cell: (row) => (
        <>
          {row.refund ? <StateBadge state={row.refund.status} /> : <span className={ui.badge}>{t('payments.notStarted')}</span>}
          {row.refund?.settledAt ? <div className={`${ui.muted} ${ui.nowrap}`}>{formatDateTime(row.refund.settledAt, language)}</div> : null}
          {row.refund?.failure ? <div className={ui.fieldError}>{row.refund.failure}</div> : null}
        </>
      ),
    },
    {
      header: t('payments.promisedBy'),
      cell: (row) => (
        <>
          <div className={ui.nowrap}>{formatDateTime(row.promisedBy, language)}</div>
          {row.overdue ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('payments.overdue')}</span> : null}
        </>
      ),
    },
  ]
}

/**
 * Money that arrived late, twice or for another amount: refunded automatically (order-rules.ts
 * `settle`), listed with the date the payer was promised their money back by.
 */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as QueueData
  const columns = useColumns()
  const open = data.filters.show !== 'all'
  return (
    <ListScreen
      words="payments"
      data={data}
      query={queueQuery}
      actions={
        <Link className={ui.button} to={queueQuery.pageHref({ show: open ? 'all' : '', page: 1 }, 1)}>
          {t(open ? 'payments.showAll' : 'payments.showOpen')}
        </Link>
      }
      columns={columns}
      rowKey={(row) => `${row.number}-${row.receivedAt}`}
      times
    >
      <p className={ui.hint}>{t(open ? 'payments.countOpen' : 'payments.countAll', { count: data.page.total })}</p>
    </ListScreen>
  )
}
