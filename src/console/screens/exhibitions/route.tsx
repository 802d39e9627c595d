import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { exhibitionList } from '../../../api/console-catalog.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { exhibitionPath, NEW_EXHIBITION_PATH } from '../../lib/catalog-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import { VisitorState } from '../../ui/visitor-state.tsx'

type Loaded = RefResult<typeof exhibitionList>

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, exhibitionList, {})
}

/** The exhibitions the member works on, newest first, each as visitors see it now. */
export function Component() {
  const { t } = useTranslation()
  const { rows, mayCreate } = useLoaderData() as Loaded
  const columns: Array<Column<Loaded['rows'][number]>> = [
    {
      header: t('catalog.exhibition'),
      cell: (row) => (
        <div>
          <Link to={exhibitionPath(row.id)}>{row.title}</Link>
          <div className={ui.muted}>{row.city}</div>
        </div>
      ),
    },
    {
      header: t('catalog.dates'),
      className: ui.nowrap,
      cell: (row) => (
        <div>
          {row.startsAt.replace('T', ' ')}
          <div className={ui.muted}>{row.timeZone}</div>
        </div>
      ),
    },
    { header: t('catalog.state'), cell: (row) => <VisitorState state={row.state} published={row.published} /> },
    { header: t('catalog.languages'), cell: (row) => t('catalog.languagesCount', { n: row.locales.length, all: LOCALES.length }) },
    { header: t('catalog.ticketTypes'), cell: (row) => row.ticketTypes },
  ]
  const actions = mayCreate ? (
    <Link className={`${ui.button} ${ui.primary}`} to={NEW_EXHIBITION_PATH}>
      {t('catalog.newExhibition')}
    </Link>
  ) : null
  return (
    <ConsolePage title={t('catalog.title')} lead={t('catalog.lead')} actions={actions}>
      <DataTable label={t('catalog.title')} columns={columns} rows={rows} rowKey={(row) => row.id} empty={t('catalog.none')} />
    </ConsolePage>
  )
}
