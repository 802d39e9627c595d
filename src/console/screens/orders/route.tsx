import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { type OrderListRow, orderList } from '../../../api/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { DayAndTime } from '../../ui/day-and-time.tsx'
import { ListScreen } from '../../ui/list-screen.tsx'
import { KeysetPager } from '../../ui/pager.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import ui from '../../ui/ui.module.css'
import styles from './orders.module.css'
import { type OrderFilters as Filters, orderQuery } from './orders-query.ts'

type OrdersData = ListData<
  Filters,
  {
    rows: OrderListRow[]
    total: number | null
    totalIsAtLeast: boolean
    older: string | null
    newer: string | null
    exhibitions: Array<{ id: number; title: string }>
  }
>

/** One page of orders, searched and filtered on the server. */
export const loader = listLoader(orderQuery, orderList, orderQuery.payload)

/** The order list's columns; the cells read the member's language for dates and money. */
function useColumns(): Array<Column<OrderListRow>> {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return [
    {
      header: t('orders.code'),
      cell: (row) => (
        <Link className={`${styles.code} ${ui.mono}`} to={orderPath(row.number)}>
          {row.number}
        </Link>
      ),
    },
    { header: t('orders.created'), cell: (row) => <DayAndTime at={row.createdAt} /> },
    { header: t('orders.exhibition'), cell: (row) => row.exhibitionTitle },
    {
      header: t('orders.people'),
      cell: (row) => (
        <>
          <div>{row.attendeeNames.join(', ') || '—'}</div>
          <div className={ui.muted}>{row.buyerEmail}</div>
        </>
      ),
    },
    {
      header: t('orders.total'),
      className: styles.amount,
      cell: (row) => (
        <>
          <div>{formatMoney(row.totalMinor, row.currency, language)}</div>
          {row.refundedMinor > 0 ? (
            <div className={ui.muted}>{t('orders.refunded', { amount: formatMoney(row.refundedMinor, row.currency, language) })}</div>
          ) : null}
        </>
      ),
    },
    {
      header: t('orders.status'),
      cell: (row) => (
        <>
          <StateBadge state={row.state} />
          <div className={ui.muted}>{row.method ? t(`orders.methods.${row.method}`) : ''}</div>
        </>
      ),
    },
  ]
}

/** The orders of the member's exhibitions (docs/product.md#console-orders): find one by code, buyer, attendee or phone. */
export function Component() {
  const data = useLoaderData() as OrdersData
  const { filters, page } = data
  const columns = useColumns()
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const at = (cursor: Partial<Pick<Filters, 'after' | 'before'>>) => orderQuery.pageHref({ ...filters, after: '', before: '', ...cursor }, 1)
  const number = new Intl.NumberFormat(language).format(page.total ?? 0)
  return (
    <ListScreen
      words="orders"
      data={data}
      query={orderQuery}
      exhibitions={data.page.exhibitions}
      columns={columns}
      rowKey={(row) => row.number}
      times
      pager={
        <KeysetPager
          label={t('orders.pages')}
          summary={
            page.total === null
              ? t('orders.matchingMany')
              : page.totalIsAtLeast
                ? t('orders.matchingMore', { number })
                : t('orders.matching', { count: page.total, number })
          }
          newest={filters.after || filters.before ? at({}) : null}
          newer={page.newer ? at({ before: page.newer }) : null}
          older={page.older ? at({ after: page.older }) : null}
        />
      }
    />
  )
}
