import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs } from 'react-router'
import { type ScamReportGroupRow, scamReportGroups } from '../../../api/console-scam-reports.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { scamReportGroupPath } from './paths.ts'
import { loadList } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ListFilters } from '../../ui/list-filters.tsx'
import ui from '../../ui/ui.module.css'
import { type ScamReportFilters, scamReportPayload, scamReportQuery } from './scam-reports-query.ts'
import styles from './scam-reports.module.css'

export interface QueueData {
  filters: ScamReportFilters
  page: { rows: ScamReportGroupRow[]; next: string | null }
}

export async function queueLoader(args: LoaderFunctionArgs): Promise<QueueData> {
  const { filters, page } = await loadList(args, scamReportQuery, scamReportGroups, scamReportPayload)
  return { filters, page }
}

const STATUS_BADGE: Record<ScamReportGroupRow['status'], string> = {
  new: ui.badgeWarn as string,
  investigating: ui.badge as string,
  confirmed: ui.badgeOff as string,
  notScam: ui.badgeGood as string,
}

/** One reported channel in the queue: its status, kind, how often and when it was reported, what it cost. */
function GroupCard({ row }: { row: ScamReportGroupRow }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return (
    <li className={`${styles.card} ${row.status === 'confirmed' ? styles.confirmed : ''}`}>
      <h2 className={styles.channel}>
        <Link to={scamReportGroupPath(row.id)}>{row.display}</Link>
      </h2>
      <p className={styles.facts}>
        <span className={`${ui.badge} ${STATUS_BADGE[row.status]}`}>{t(`scamReports.statuses.${row.status}`)}</span>
        <span>{t(`scamReports.kinds.${row.kind}`)}</span>
        <span>{t('scamReports.reportCount', { count: row.reports })}</span>
      </p>
      <p className={`${styles.facts} ${ui.muted}`}>
        <span>{t('scamReports.first', { at: formatDateTime(row.firstReportedAt, language) })}</span>
        <span>{t('scamReports.last', { at: formatDateTime(row.lastReportedAt, language) })}</span>
      </p>
      {row.lost.length ? (
        <p className={styles.facts}>
          {t('scamReports.lost', { amounts: row.lost.map((lost) => formatMoney(lost.minor, lost.currency, language)).join(' · ') })}
        </p>
      ) : null}
    </li>
  )
}

/**
 * The verifier's queue (docs/product.md#scam-reports): one card per reported channel, newest report
 * first, filtered by status and kind, searched by the channel; older groups page on by keyset.
 */
export function Queue({ data }: { data: QueueData }) {
  const { t } = useTranslation()
  const { filters, page } = data
  return (
    <ConsolePage title={t('scamReports.title')} lead={t('scamReports.lead')}>
      <ListFilters key={JSON.stringify(filters)} words="scamReports" query={scamReportQuery} filters={filters} />
      <section aria-label={t('scamReports.list')}>
        {page.rows.length ? (
          <ol className={styles.list}>
            {page.rows.map((row) => (
              <GroupCard key={row.id} row={row} />
            ))}
          </ol>
        ) : (
          <p className={ui.muted}>{t('scamReports.empty')}</p>
        )}
      </section>
      <nav className={styles.older} aria-label={t('scamReports.pages')}>
        {filters.after ? <Link to={scamReportQuery.pageHref({ ...filters, after: '' }, 1)}>{t('scamReports.newest')}</Link> : null}
        {page.next ? <Link to={scamReportQuery.pageHref({ ...filters, after: page.next }, 1)}>{t('scamReports.older')}</Link> : null}
      </nav>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
