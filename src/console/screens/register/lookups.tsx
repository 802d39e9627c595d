import { useTranslation } from 'react-i18next'
import { useConsoleShell } from '../../console-state.ts'
import { formatDayAndTime } from '../../lib/format.ts'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { type RegisterData, viewHref } from './register-query.ts'
import styles from './register.module.css'

type LookupsData = Extract<RegisterData, { view: 'lookups' }>

function When({ at }: { at: string }) {
  const { language } = useConsoleShell()
  const when = formatDayAndTime(at, language)
  return (
    <span className={ui.nowrap}>
      {when.day} {when.time}
    </span>
  )
}

/** What visitors asked the verification page about: the unknown values asked most lead (what scammers use now). Read only. */
export function Lookups({ data }: { data: LookupsData }) {
  const { t } = useTranslation()
  const { unknown, recent, total, days } = data.lookups
  const pages = pageCount(total, data.pageSize)
  return (
    <>
      <section className={ui.panel} aria-labelledby="register-unknown-title">
        <h2 id="register-unknown-title" className={ui.panelTitle}>
          {t('register.unknownTitle', { days })}
        </h2>
        <p className={ui.hint}>{t('register.unknownLead')}</p>
        <TableFrame label={t('register.unknownTitle', { days })}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('register.value')}</th>
                <th scope="col">{t('register.type')}</th>
                <th scope="col" className={styles.count}>
                  {t('register.lookups')}
                </th>
                <th scope="col">{t('register.lastAsked')}</th>
              </tr>
            </thead>
            <tbody>
              {unknown.length ? null : (
                <tr>
                  <td colSpan={4} className={ui.muted}>
                    {t('register.noLookups')}
                  </td>
                </tr>
              )}
              {unknown.map((row) => (
                <tr key={`${row.type}:${row.value}`}>
                  <td className={`${styles.value} ${ui.mono}`}>{row.value}</td>
                  <td>{t(`register.types.${row.type}`)}</td>
                  <td className={styles.count}>{row.count}</td>
                  <td>
                    <When at={row.lastAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </section>
      <section className={ui.panel} aria-labelledby="register-recent-title">
        <h2 id="register-recent-title" className={ui.panelTitle}>
          {t('register.recentTitle')}
        </h2>
        <TableFrame label={t('register.recentTitle')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('register.value')}</th>
                <th scope="col">{t('register.answer')}</th>
                <th scope="col" className={styles.count}>
                  {t('register.lookups')}
                </th>
                <th scope="col">{t('register.lastAsked')}</th>
              </tr>
            </thead>
            <tbody>
              {recent.length ? null : (
                <tr>
                  <td colSpan={4} className={ui.muted}>
                    {t('register.noLookups')}
                  </td>
                </tr>
              )}
              {recent.map((row) => (
                <tr key={`${row.type}:${row.value}`}>
                  <td>
                    <div className={`${styles.value} ${ui.mono}`}>{row.value}</div>
                    <div className={ui.muted}>{t(`register.types.${row.type}`)}</div>
                  </td>
                  <td>
                    <span className={`${ui.badge} ${row.official ? ui.badgeGood : ui.badgeWarn}`}>
                      {row.official ? t('register.official') : t('register.unofficial')}
                    </span>
                  </td>
                  <td className={styles.count}>{row.count}</td>
                  <td>
                    <When at={row.lastAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
        <Pager
          label={t('register.pages')}
          summary={t('register.pageOf', { page: data.page, pages, count: total })}
          page={data.page}
          pages={pages}
          href={(page) => viewHref('lookups', { page })}
        />
      </section>
      <p className={ui.hint}>{t('register.reportsNote')}</p>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </>
  )
}
