import { Suspense } from 'react'
import { ExportLinks } from '../../ui/export-buttons.tsx'
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { type ConsoleExhibitorRow, exhibitorList } from '../../../api/console-exhibitors.ts'
import { applicationPath } from '../../lib/application-paths.ts'
import { exhibitorPath } from '../../lib/exhibitor-paths.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { ExhibitorStage } from '../../ui/exhibitor-stage.tsx'
import { ListScreen } from '../../ui/list-screen.tsx'
import ui from '../../ui/ui.module.css'
import styles from './exhibitors.module.css'
import { type ExhibitorFilters as Filters, exhibitorQuery } from './exhibitors-query.ts'
import { lazySection } from '../../../lib/lazy-section.tsx'

/** The exhibition's lead capture: loaded once an exhibition is chosen, not with the list. */
const LeadCapture = lazySection('exhibitors/lead-capture', () => import('./lead-capture.tsx').then((module) => module.default))

type ListPage = ListData<Filters, { rows: ConsoleExhibitorRow[]; total: number; exhibitions: Array<{ id: number; title: string }> }>

/** One page of the member's exhibitors, searched and filtered on the server. */
export const loader = listLoader(exhibitorQuery, exhibitorList, exhibitorQuery.payload)

function useColumns(): Array<Column<ConsoleExhibitorRow>> {
  const { t } = useTranslation()
  return [
    {
      header: t('exhibitors.company'),
      cell: (row) => (
        <>
          <Link className={styles.name} to={exhibitorPath(row.id)}>
            {row.name}
          </Link>
          <div className={ui.muted}>
            {t(`exhibitors.kinds.${row.kind}`)}
            {row.country ? ` · ${row.countryName} (${row.country})` : ''}
          </div>
        </>
      ),
    },
    { header: t('exhibitors.exhibition'), cell: (row) => row.exhibitionTitle },
    { header: t('exhibitors.stageLabel'), cell: (row) => <ExhibitorStage status={row.status} stage={row.stage} /> },
    {
      header: t('exhibitors.team'),
      cell: (row) => (
        <>
          <div>{t('exhibitors.members', { count: row.teamSize })}</div>
          {row.openInvitations ? <div className={ui.muted}>{t('exhibitors.invited', { count: row.openInvitations })}</div> : null}
          {row.passes.allowance || row.passes.named ? (
            <div className={ui.muted}>{t('exhibitors.passes.named', { named: row.passes.named, allowance: row.passes.allowance })}</div>
          ) : null}
        </>
      ),
    },
    {
      header: t('exhibitorTasks.tasks'),
      cell: (row) =>
        row.tasks.total ? (
          <>
            <div>{t('exhibitorTasks.doneOf', { done: row.tasks.done, total: row.tasks.total })}</div>
            {row.tasks.overdue ? <div className={`${ui.badge} ${ui.badgeWarn}`}>{t('exhibitorTasks.overdueTasks', { count: row.tasks.overdue })}</div> : null}
          </>
        ) : (
          t('exhibitors.none')
        ),
    },
    {
      header: t('exhibitors.gaps'),
      cell: (row) => (row.gaps.length ? row.gaps.map((gap) => t(`exhibitors.gap.${gap}`)).join(', ') : t('exhibitors.none')),
    },
    {
      header: t('exhibitors.application'),
      cell: (row) =>
        row.applicationReference ? (
          <Link className={ui.mono} to={applicationPath(row.applicationReference)}>
            {row.applicationReference}
          </Link>
        ) : (
          t('exhibitors.none')
        ),
    },
  ]
}

/** The chosen exhibition's exhibitors as a file, headers and names in the member's language. */
function ExportPanel({ exhibitionId }: { exhibitionId: number }) {
  const { t } = useTranslation()
  return <ExportLinks lead={t('exhibitors.exportAll')} label={(format) => t('exhibitors.download', { format })} exhibitionId={exhibitionId} kind="exhibitors" />
}

/** The exhibitors of the member's exhibitions (docs/product.md#console-exhibitors): how far each has come; open one for its team. */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as ListPage
  const { filters } = data
  const columns = useColumns()
  return (
    <ListScreen words="exhibitors" data={data} query={exhibitorQuery} exhibitions={data.page.exhibitions} columns={columns} rowKey={(row) => row.id}>
      {filters.exhibitionId ? <ExportPanel exhibitionId={Number(filters.exhibitionId)} /> : <p className={ui.hint}>{t('exhibitors.exportHint')}</p>}
      {filters.exhibitionId ? (
        <Suspense fallback={null}>
          <LeadCapture key={filters.exhibitionId} exhibitionId={Number(filters.exhibitionId)} />
        </Suspense>
      ) : null}
    </ListScreen>
  )
}
