import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { contentExhibitions } from '../../../api/console-content.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { ADVERTS_PATH, exhibitionContentPath } from '../../lib/content-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import styles from '../../content-kit/content-kit.module.css'

type Loaded = RefResult<typeof contentExhibitions>

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, contentExhibitions, {})
}

/** The exhibitions whose pages an editor keeps, newest first, with how much each page has so far. */
export function Component() {
  const { t } = useTranslation()
  const { rows } = useLoaderData() as Loaded
  const columns: Array<Column<Loaded['rows'][number]>> = [
    {
      header: t('pages.exhibition'),
      className: styles.titleCell,
      cell: (row) => (
        <div>
          <Link to={exhibitionContentPath(row.id)}>{row.title}</Link>
          <div>
            <span className={`${ui.badge} ${row.published ? ui.badgeGood : ui.badgeOff}`}>{t(row.published ? 'pages.published' : 'pages.notPublished')}</span>
          </div>
        </div>
      ),
    },
    { header: t('pages.starts'), className: ui.nowrap, cell: (row) => row.startsAt.slice(0, 10) },
    { header: t('pages.part.speakers'), cell: (row) => row.speakers },
    { header: t('pages.sessions'), cell: (row) => row.sessions },
    { header: t('pages.part.partners'), cell: (row) => row.partners },
    { header: t('pages.part.photos'), cell: (row) => row.photos },
  ]
  return (
    <ConsolePage
      title={t('pages.title')}
      lead={t('pages.lead')}
      actions={
        <Link className={ui.button} to={ADVERTS_PATH}>
          {t('adverts.title')}
        </Link>
      }
    >
      <DataTable label={t('pages.title')} columns={columns} rows={rows} rowKey={(row) => row.id} empty={t('pages.none')} />
    </ConsolePage>
  )
}
