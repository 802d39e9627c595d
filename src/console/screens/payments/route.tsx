import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type PaymentQueueRow, paymentQueue } from '../../../api/console.ts'
import { PAYMENT_QUEUE_PAGE_SIZE } from '../../../api/rules/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { StateBadge } from '../../ui/state-badge.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'

type Show = 'open' | 'all'

interface QueueData {
  show: Show
  page: number
  rows: PaymentQueueRow[]
  total: number
}

/** The queue's address: `?show=all` for refunded ones too, `page` past the first. */
function queueHref(show: Show, page: number): string {
  const params = new URLSearchParams()
  if (show === 'all') params.set('show', 'all')
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}

export async function loader(args: LoaderFunctionArgs): Promise<QueueData> {
  const params = new URL(args.request.url).searchParams
  const show: Show = params.get('show') === 'all' ? 'all' : 'open'
  const asked = Number(params.get('page') ?? 1)
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1
  const { rows, total } = await staffCall(args, paymentQueue, { page, show })
  return { show, page, rows, total }
}

function QueueRow({ row }: { row: PaymentQueueRow }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return (
    <tr>
      <td>
        <Link className={ui.mono} to={orderPath(row.number)}>
          {row.number}
        </Link>
        <div className={ui.muted}>{row.exhibitionTitle}</div>
      </td>
      <td>
        <div>{row.buyerEmail}</div>
        <div className={ui.muted}>{`${t(`orders.methods.${row.provider}`)} · ${formatDateTime(row.receivedAt, language)}`}</div>
      </td>
      <td className={ui.nowrap}>{formatMoney(row.amountMinor, row.currency, language)}</td>
      <td>{t(`order.refundReasons.${row.reason}`)}</td>
      <td>
        {row.refund ? <StateBadge state={row.refund.status} /> : <span className={ui.badge}>{t('payments.notStarted')}</span>}
        {row.refund?.settledAt ? <div className={`${ui.muted} ${ui.nowrap}`}>{formatDateTime(row.refund.settledAt, language)}</div> : null}
        {row.refund?.failure ? <div className={ui.fieldError}>{row.refund.failure}</div> : null}
      </td>
      <td>
        <div className={ui.nowrap}>{formatDateTime(row.promisedBy, language)}</div>
        {row.overdue ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('payments.overdue')}</span> : null}
      </td>
    </tr>
  )
}

/**
 * Money that arrived late, twice or for another amount: refunded automatically (order-rules.ts
 * `settle`), listed with the date the payer was promised their money back by.
 */
export function Component() {
  const { t } = useTranslation()
  const { show, page, rows, total } = useLoaderData() as QueueData
  const pages = pageCount(total, PAYMENT_QUEUE_PAGE_SIZE)
  return (
    <ConsolePage
      title={t('payments.title')}
      lead={t('payments.lead')}
      actions={
        <Link className={ui.button} to={queueHref(show === 'open' ? 'all' : 'open', 1)}>
          {t(show === 'open' ? 'payments.showAll' : 'payments.showOpen')}
        </Link>
      }
    >
      <p className={ui.hint}>{t(show === 'open' ? 'payments.countOpen' : 'payments.countAll', { count: total })}</p>
      <TableFrame label={t('payments.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('payments.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.code')}</th>
              <th scope="col">{t('payments.payer')}</th>
              <th scope="col">{t('order.amount')}</th>
              <th scope="col">{t('payments.why')}</th>
              <th scope="col">{t('payments.refund')}</th>
              <th scope="col">{t('payments.promisedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={6} className={ui.muted}>
                  {t('payments.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <QueueRow key={`${row.number}-${row.receivedAt}`} row={row} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager
        label={t('payments.pages')}
        summary={t('payments.pageOf', { page, pages, count: total })}
        page={page}
        pages={pages}
        href={(next) => queueHref(show, next)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
