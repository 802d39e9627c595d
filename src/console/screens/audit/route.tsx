import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type AuditRow, auditList, type StaffListItem, staffList } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDayAndTime } from '../../lib/format.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { AuditDiff } from './audit-diff.tsx'
import { AuditFiltersForm } from './audit-filters-form.tsx'
import styles from './audit.module.css'
import { type AuditFilters, auditPayload, filtersFrom, pageHref } from './audit-query.ts'
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

/** What a record changed: a staff member by their e-mail (the record names them by id), anything else as recorded. */
function targetOf(target: string | null, members: StaffListItem[]): { text: string; raw: boolean } {
  const member = target?.startsWith('staff:') ? members.find((candidate) => `staff:${candidate.id}` === target) : undefined
  return member ? { text: member.email, raw: false } : { text: target ?? '', raw: true }
}

/** Who changed what, when and from where (CONSOLE.md "How data moves"); read-only. */
export function Component() {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const { filters, rows, total, pageSize, members } = useLoaderData() as AuditData
  const functionLabel = useFunctionLabel()
  const pages = pageCount(total, pageSize)
  return (
    <ConsolePage title={t('audit.title')} lead={t('audit.lead')}>
      <AuditFiltersForm key={JSON.stringify(filters)} filters={filters} members={members} />
      <TableFrame label={t('audit.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('audit.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.at')}</th>
              <th scope="col">{`${t('audit.member')} · ${t('audit.address')}`}</th>
              <th scope="col">{t('audit.function')}</th>
              <th scope="col">{t('audit.target')}</th>
              <th scope="col">{t('audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={5} className={ui.muted}>
                  {t('audit.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <div className={ui.nowrap}>{formatDayAndTime(row.at, language).day}</div>
                  <div className={`${ui.nowrap} ${ui.muted}`}>{formatDayAndTime(row.at, language).time}</div>
                </td>
                <td>
                  <div>{row.staff?.email ?? t('audit.system')}</div>
                  {row.address ? <div className={`${ui.muted} ${ui.mono}`}>{row.address}</div> : null}
                </td>
                <td className={styles.action}>{functionLabel(row.function)}</td>
                <td className={targetOf(row.target, members).raw ? ui.mono : undefined}>{targetOf(row.target, members).text}</td>
                <td>
                  <AuditDiff before={row.before} after={row.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
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
