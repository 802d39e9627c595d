import { ExportLinks } from '../../ui/export-buttons.tsx'
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { type ApplicationRow, applicationList } from '../../../api/console-applications.ts'
import { applicationPath } from '../../lib/application-paths.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { DayAndTime } from '../../ui/day-and-time.tsx'
import { ListScreen } from '../../ui/list-screen.tsx'
import ui from '../../ui/ui.module.css'
import { ApplicationStatus } from '../../ui/application-status.tsx'
import styles from './applications.module.css'
import { type ApplicationFilters as Filters, applicationQuery } from './applications-query.ts'

type QueueData = ListData<Filters, { rows: ApplicationRow[]; total: number; exhibitions: Array<{ id: number; title: string }> }>

/** One page of the review queue, searched and filtered on the server. */
export const loader = listLoader(applicationQuery, applicationList, applicationQuery.payload)

function useColumns(): Array<Column<ApplicationRow>> {
  const { t } = useTranslation()
  return [
    {
      header: t('applications.reference'),
      cell: (row) => (
        <>
          <Link className={`${styles.code} ${ui.mono}`} to={applicationPath(row.reference)}>
            {row.reference}
          </Link>
          <div className={ui.muted}>{t(`applications.kinds.${row.kind}`)}</div>
        </>
      ),
    },
    { header: t('applications.submitted'), cell: (row) => <DayAndTime at={row.createdAt} /> },
    {
      header: t('applications.applicant'),
      cell: (row) => (
        <>
          <div>{row.applicant}</div>
          <div className={ui.muted}>{row.email}</div>
        </>
      ),
    },
    { header: t('applications.exhibition'), cell: (row) => row.exhibitionTitle },
    { header: t('applications.statusLabel'), cell: (row) => <ApplicationStatus status={row.status} /> },
  ]
}

/** The chosen exhibition's applications as a file (filtered by kind when one is chosen), headers in the member's language. */
function ExportPanel({ exhibitionId, kind }: { exhibitionId: number; kind: Filters['kind'] }) {
  const { t } = useTranslation()
  return (
    <ExportLinks
      lead={t(kind ? `applications.exportKind.${kind}` : 'applications.exportAll')}
      label={(format) => t('applications.download', { format })}
      exhibitionId={exhibitionId}
      kind="applications"
      only={kind}
    />
  )
}

/** The review queue of the member's exhibitions (docs/product.md#console-applications): find an application and open it to decide. */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as QueueData
  const { filters } = data
  const columns = useColumns()
  return (
    <ListScreen
      words="applications"
      data={data}
      query={applicationQuery}
      exhibitions={data.page.exhibitions}
      columns={columns}
      rowKey={(row) => row.reference}
      times
    >
      {filters.exhibitionId ? (
        <ExportPanel exhibitionId={Number(filters.exhibitionId)} kind={filters.kind} />
      ) : (
        <p className={ui.hint}>{t('applications.exportHint')}</p>
      )}
    </ListScreen>
  )
}
