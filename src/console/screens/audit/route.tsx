import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type AuditRow, auditList, type StaffListItem, staffList } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import ui from '../../ui/ui.module.css'
import { AuditDiff } from './audit-diff.tsx'
import { AuditFiltersForm } from './audit-filters-form.tsx'
import styles from './audit.module.css'
import { type AuditFilters, auditPayload, filtersFrom, pageHref } from './audit-query.ts'
import { auditSentence, type SentenceContext } from './audit-sentence.ts'
import { useFunctionLabel } from './function-label.ts'

interface AuditData {
  filters: AuditFilters
  rows: AuditRow[]
  total: number
  pageSize: number
  members: StaffListItem[]
}

/** One page of the audit log, filtered and paged on the server. */
export async function loader(args: LoaderFunctionArgs): Promise<AuditData> {
  const filters = filtersFrom(new URL(args.request.url).searchParams)
  const payload = auditPayload(filters)
  const [page, staff] = await Promise.all([staffCall(args, auditList, payload), staffCall(args, staffList, {})])
  return { filters, rows: page.rows, total: page.total, pageSize: payload.pageSize, members: staff.members }
}

/** Who changed what, when and from where (docs/product.md#audit-log), as sentences; read-only. */
export function Component() {
  const { t, i18n } = useTranslation()
  const { language } = useConsoleShell()
  const { filters, rows, total, pageSize, members } = useLoaderData() as AuditData
  const functionLabel = useFunctionLabel()
  const pages = pageCount(total, pageSize)
  const context: SentenceContext = {
    t: (key, values) => t(key, values),
    exists: (key, options) => i18n.exists(key, options),
    language,
    memberOf: (id) => members.find((member) => member.id === id),
  }
  return (
    <ConsolePage title={t('audit.title')} lead={t('audit.lead')}>
      <AuditFiltersForm key={JSON.stringify(filters)} filters={filters} members={members} />
      {rows.length ? (
        <ol className={styles.entries} aria-label={t('audit.title')}>
          {rows.map((row) => (
            <li key={row.id} className={styles.entry}>
              <p className={styles.sentence}>{auditSentence(row, context)}</p>
              <p className={`${styles.facts} ${ui.muted}`}>
                <time dateTime={row.at}>{formatDateTime(row.at, language)}</time>
                <span>{t('audit.action', { action: functionLabel(row.function) })}</span>
                {row.staff ? <span>{row.staff.email}</span> : null}
                {row.address ? <span className={ui.mono}>{row.address}</span> : null}
              </p>
              <details className={styles.record}>
                <summary className={styles.summary}>{t('audit.record')}</summary>
                <AuditDiff before={row.before} after={row.after} language={language} />
                <p className={styles.rawTitle}>{t('audit.rawRecord')}</p>
                <pre className={styles.raw}>{JSON.stringify({ target: row.target, before: row.before, after: row.after }, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      ) : (
        <p className={ui.muted}>{t('audit.empty')}</p>
      )}
      <Pager
        label={t('audit.pages')}
        summary={t('audit.pageOf', { page: filters.page, pages, count: total })}
        page={filters.page}
        pages={pages}
        href={(page) => pageHref(filters, page)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
