import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type ApplicationRow, applicationExport, applicationList } from '../../../api/console.ts'
import { EXPORT_FORMATS, type ExportFormat } from '../../../api/rules/console-exports.ts'
import { useConsoleShell } from '../../console-state.ts'
import { applicationPath } from '../../lib/application-paths.ts'
import { formatDayAndTime } from '../../lib/format.ts'
import { saveFile } from '../../lib/save-file.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { ApplicationFilters } from './application-filters.tsx'
import { ApplicationStatus } from './application-status.tsx'
import styles from './applications.module.css'
import { type ApplicationFilters as Filters, filtersFrom, listPayload, pageHref } from './applications-query.ts'

interface QueueData {
  filters: Filters
  rows: ApplicationRow[]
  total: number
  pageSize: number
  exhibitions: Array<{ id: number; title: string }>
}

/** One page of the review queue, searched and filtered on the server. */
export async function loader(args: LoaderFunctionArgs): Promise<QueueData> {
  const filters = filtersFrom(new URL(args.request.url).searchParams)
  const payload = listPayload(filters)
  const page = await staffCall(args, applicationList, payload)
  return { filters, rows: page.rows, total: page.total, pageSize: payload.pageSize, exhibitions: page.exhibitions }
}

function QueueRow({ row }: { row: ApplicationRow }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const when = formatDayAndTime(row.createdAt, language)
  return (
    <tr>
      <td>
        <Link className={`${styles.code} ${ui.mono}`} to={applicationPath(row.reference)}>
          {row.reference}
        </Link>
        <div className={ui.muted}>{t(`applications.kinds.${row.kind}`)}</div>
      </td>
      <td>
        <div className={ui.nowrap}>{when.day}</div>
        <div className={`${ui.nowrap} ${ui.muted}`}>{when.time}</div>
      </td>
      <td>
        <div>{row.applicant}</div>
        <div className={ui.muted}>{row.email}</div>
      </td>
      <td>{row.exhibitionTitle}</td>
      <td>
        <ApplicationStatus status={row.status} />
      </td>
    </tr>
  )
}

/** The chosen exhibition's applications as a file (filtered by kind when one is chosen), headers in the member's language. */
function ExportPanel({ exhibitionId, kind }: { exhibitionId: number; kind: Filters['kind'] }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run(format: ExportFormat) {
    setBusy(true)
    setError(null)
    try {
      saveFile(await client.call(applicationExport, { exhibitionId, format, language, ...(kind ? { kind } : {}) }))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.exports}>
      <span>{t(kind ? `applications.exportKind.${kind}` : 'applications.exportAll')}</span>
      {EXPORT_FORMATS.map((format) => (
        <button key={format} type="button" className={ui.button} disabled={busy} onClick={() => void run(format)}>
          {t('applications.download', { format: format.toUpperCase() })}
        </button>
      ))}
      {error ? (
        <p className={ui.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The review queue of the member's exhibitions (docs/product.md#console-applications): find an application and open it to decide. */
export function Component() {
  const { t } = useTranslation()
  const { filters, rows, total, pageSize, exhibitions } = useLoaderData() as QueueData
  const pages = pageCount(total, pageSize)
  return (
    <ConsolePage title={t('applications.title')} lead={t('applications.lead')}>
      <ApplicationFilters key={JSON.stringify(filters)} filters={filters} exhibitions={exhibitions} />
      {filters.exhibitionId ? (
        <ExportPanel exhibitionId={Number(filters.exhibitionId)} kind={filters.kind} />
      ) : (
        <p className={ui.hint}>{t('applications.exportHint')}</p>
      )}
      <TableFrame label={t('applications.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('applications.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('applications.reference')}</th>
              <th scope="col">{t('applications.submitted')}</th>
              <th scope="col">{t('applications.applicant')}</th>
              <th scope="col">{t('applications.exhibition')}</th>
              <th scope="col">{t('applications.statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={5} className={ui.muted}>
                  {t('applications.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <QueueRow key={row.reference} row={row} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager
        label={t('applications.pages')}
        summary={t('applications.pageOf', { page: filters.page, pages, count: total })}
        page={filters.page}
        pages={pages}
        href={(page) => pageHref(filters, page)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
