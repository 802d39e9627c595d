import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type OrderListRow, orderList } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDayAndTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { OrderFilters } from './order-filters.tsx'
import styles from './orders.module.css'
import { filtersFrom, listPayload, type OrderFilters as Filters, pageHref } from './orders-query.ts'

interface OrdersData {
  filters: Filters
  rows: OrderListRow[]
  total: number
  pageSize: number
  exhibitions: Array<{ id: number; title: string }>
}

/** One page of orders, searched and filtered on the server. */
export async function loader(args: LoaderFunctionArgs): Promise<OrdersData> {
  const filters = filtersFrom(new URL(args.request.url).searchParams)
  const payload = listPayload(filters)
  const page = await staffCall(args, orderList, payload)
  return { filters, rows: page.rows, total: page.total, pageSize: payload.pageSize, exhibitions: page.exhibitions }
}

function OrderRow({ row }: { row: OrderListRow }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const when = formatDayAndTime(row.createdAt, language)
  return (
    <tr>
      <td>
        <Link className={`${styles.code} ${ui.mono}`} to={orderPath(row.number)}>
          {row.number}
        </Link>
      </td>
      <td>
        <div className={ui.nowrap}>{when.day}</div>
        <div className={`${ui.nowrap} ${ui.muted}`}>{when.time}</div>
      </td>
      <td>{row.exhibitionTitle}</td>
      <td>
        <div>{row.attendeeNames.join(', ') || '—'}</div>
        <div className={ui.muted}>{row.buyerEmail}</div>
      </td>
      <td className={styles.amount}>
        <div>{formatMoney(row.totalMinor, row.currency, language)}</div>
        {row.refundedMinor > 0 ? (
          <div className={ui.muted}>{t('orders.refunded', { amount: formatMoney(row.refundedMinor, row.currency, language) })}</div>
        ) : null}
      </td>
      <td>
        <StateBadge state={row.state} />
        <div className={ui.muted}>{row.method ? t(`orders.methods.${row.method}`) : ''}</div>
      </td>
    </tr>
  )
}

/** The orders of the member's exhibitions (docs/product.md#console-orders): find one by code, buyer, attendee or phone. */
export function Component() {
  const { t } = useTranslation()
  const { filters, rows, total, pageSize, exhibitions } = useLoaderData() as OrdersData
  const pages = pageCount(total, pageSize)
  return (
    <ConsolePage title={t('orders.title')} lead={t('orders.lead')}>
      <OrderFilters key={JSON.stringify(filters)} filters={filters} exhibitions={exhibitions} />
      <TableFrame label={t('orders.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('orders.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.code')}</th>
              <th scope="col">{t('orders.created')}</th>
              <th scope="col">{t('orders.exhibition')}</th>
              <th scope="col">{t('orders.people')}</th>
              <th scope="col" className={styles.amount}>
                {t('orders.total')}
              </th>
              <th scope="col">{t('orders.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={6} className={ui.muted}>
                  {t('orders.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <OrderRow key={row.number} row={row} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager
        label={t('orders.pages')}
        summary={t('orders.pageOf', { page: filters.page, pages, count: total })}
        page={filters.page}
        pages={pages}
        href={(page) => pageHref(filters, page)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
