import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { exhibitionList } from '../../../api/console.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { exhibitionPath, NEW_EXHIBITION_PATH } from '../../lib/catalog-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { VisitorState } from '../../ui/visitor-state.tsx'

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, exhibitionList, {})
}

/** The exhibitions the member works on, newest first, each as visitors see it now. */
export function Component() {
  const { t } = useTranslation()
  const { rows, mayCreate } = useLoaderData() as RefResult<typeof exhibitionList>
  const actions = mayCreate ? (
    <Link className={`${ui.button} ${ui.primary}`} to={NEW_EXHIBITION_PATH}>
      {t('catalog.newExhibition')}
    </Link>
  ) : null
  return (
    <ConsolePage title={t('catalog.title')} lead={t('catalog.lead')} actions={actions}>
      {rows.length === 0 ? (
        <p className={ui.muted}>{t('catalog.none')}</p>
      ) : (
        <TableFrame label={t('catalog.title')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('catalog.exhibition')}</th>
                <th scope="col">{t('catalog.dates')}</th>
                <th scope="col">{t('catalog.state')}</th>
                <th scope="col">{t('catalog.languages')}</th>
                <th scope="col">{t('catalog.ticketTypes')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={exhibitionPath(row.id)}>{row.title}</Link>
                    <div className={ui.muted}>{row.city}</div>
                  </td>
                  <td className={ui.nowrap}>
                    {row.startsAt.replace('T', ' ')}
                    <div className={ui.muted}>{row.timeZone}</div>
                  </td>
                  <td>
                    <VisitorState state={row.state} published={row.published} />
                  </td>
                  <td>{t('catalog.languagesCount', { n: row.locales.length, all: LOCALES.length })}</td>
                  <td>{row.ticketTypes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </ConsolePage>
  )
}
