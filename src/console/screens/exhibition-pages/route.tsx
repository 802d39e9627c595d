import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { contentExhibitions } from '../../../api/console-content.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { ADVERTS_PATH, exhibitionContentPath } from '../../lib/content-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from '../../content-kit/content-kit.module.css'

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, contentExhibitions, {})
}

/** The exhibitions whose pages an editor keeps, newest first, with how much each page has so far. */
export function Component() {
  const { t } = useTranslation()
  const { rows } = useLoaderData() as RefResult<typeof contentExhibitions>
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
      {rows.length === 0 ? (
        <p className={ui.muted}>{t('pages.none')}</p>
      ) : (
        <TableFrame label={t('pages.title')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('pages.exhibition')}</th>
                <th scope="col">{t('pages.starts')}</th>
                <th scope="col">{t('pages.part.speakers')}</th>
                <th scope="col">{t('pages.sessions')}</th>
                <th scope="col">{t('pages.part.partners')}</th>
                <th scope="col">{t('pages.part.photos')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={styles.titleCell}>
                    <Link to={exhibitionContentPath(row.id)}>{row.title}</Link>
                    <div>
                      <span className={`${ui.badge} ${row.published ? ui.badgeGood : ui.badgeOff}`}>
                        {t(row.published ? 'pages.published' : 'pages.notPublished')}
                      </span>
                    </div>
                  </td>
                  <td className={ui.nowrap}>{row.startsAt.slice(0, 10)}</td>
                  <td>{row.speakers}</td>
                  <td>{row.sessions}</td>
                  <td>{row.partners}</td>
                  <td>{row.photos}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </ConsolePage>
  )
}
